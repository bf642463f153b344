import { useState, type FormEvent } from 'react';
import { createBrowserRouter, Link, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { Button, ToastHost } from '@phonehaat/shared-ui';
import { signIn, signOut, startSession } from './actions';
import { useSession } from './session-store';

export { standaloneRoutes } from './standalone-routes';

/** A developer's sign-in bar for a remote running alone (the shell owns the real login page). */
function DevSignIn() {
  const { status, user } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    signIn(email, password).catch((e: Error) => setError(e.message));
  };
  if (status === 'signed-in') {
    return (
      <span>
        Signed in as {user?.email} <Button size="sm" variant="ghost" onClick={() => void signOut()}>Sign out</Button>
      </span>
    );
  }
  return (
    <form onSubmit={submit} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <input aria-label="Email" placeholder="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input aria-label="Password" placeholder="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button size="sm" type="submit">Sign in</Button>
      {error && <span role="alert">{error}</span>}
    </form>
  );
}

/** Runs a remote's pages without the shell, for the team that owns them. */
export function StandaloneApp({ name, routes }: { name: string; routes: RouteObject[] }) {
  startSession();
  const [router] = useState(() =>
    createBrowserRouter([
      {
        element: (
          <>
            <header style={{ display: 'flex', gap: 16, padding: 12, alignItems: 'center', flexWrap: 'wrap', borderBottom: '1px solid var(--ph-color-border)' }}>
              <strong>PhoneHaat · {name} (standalone)</strong>
              <Link to="/">Home</Link>
              <DevSignIn />
            </header>
            <main style={{ padding: '16px 0' }}>
              <Outlet />
            </main>
            <ToastHost />
          </>
        ),
        children: routes,
      },
    ]),
  );
  return <RouterProvider router={router} />;
}

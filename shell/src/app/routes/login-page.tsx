import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loadFirebase, paths, signIn, signInWithGoogle, useSession } from '@phonehaat/shared-auth';
import { Button, Card, DocumentTitle, TextField, notify } from '@phonehaat/shared-ui';
import styles from './auth-form.module.css';
import { emailError, passwordError, returnPath } from './validation';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const status = useSession((s) => s.status);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [providerError, setProviderError] = useState<string>();
  const [busy, setBusy] = useState<'password' | 'google'>();
  const destination = returnPath(location.state, location.search);

  // The visitor is about to sign in: fetch the sign-in SDK while they type.
  useEffect(() => void loadFirebase().catch(() => undefined), []);
  useEffect(() => {
    if (status === 'signed-in' && !busy) navigate(destination, { replace: true });
  }, [status, busy, destination, navigate]);

  const run = async (kind: 'password' | 'google', work: () => Promise<void>) => {
    setBusy(kind);
    setProviderError(undefined);
    try {
      await work();
      notify.success('Signed in successfully');
      navigate(destination, { replace: true });
    } catch (error) {
      setProviderError((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { email: emailError(email), password: passwordError(password) };
    setErrors(next);
    if (next.email || next.password) return;
    void run('password', () => signIn(email.trim(), password));
  };

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card}>
        <DocumentTitle title="Login" />
        <h1 className={styles.title}>Login</h1>
        <p className={styles.lead}>Welcome back to PhoneHaat.</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          {providerError && (
            <p className={styles.providerError} role="alert">
              {providerError}
            </p>
          )}
          <Button type="submit" className={styles.full} loading={busy === 'password'} disabled={Boolean(busy)}>
            Login
          </Button>
        </form>
        <p className={styles.divider}>or</p>
        <Button variant="secondary" className={styles.full} loading={busy === 'google'} disabled={Boolean(busy)} onClick={() => void run('google', signInWithGoogle)}>
          Continue with Google
        </Button>
        <p className={styles.switch}>
          New to PhoneHaat? <Link to={paths.signup} state={location.state}>Create an account</Link>
        </p>
      </Card>
    </div>
  );
}

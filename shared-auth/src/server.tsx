// Its one Node API is declared beside it, so the browser packages that compile this file need no Node types.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./node-async-hooks.d.ts" />
// Rendering pages on a server for a visitor or a returning user (decisions 018 and 019), for the shell's server render:
// the user's token is carried by the pages' API calls (and their role by the route checks) for that render only, while
// several renders wait on the API at once; the session store holds the user only during the synchronous render itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import { rememberedState, setRenderSessionSource, signedOutState, useSession, type RenderSession, type SessionState } from './session-store';

const rendering = new AsyncLocalStorage<RenderSession | undefined>();
setRenderSessionSource(() => rendering.getStore());

/** The session state a page for this session (or a visitor's, with none) is rendered with, here and when hydrated. */
export const sessionStateFor = (session: ServerSession | undefined): SessionState => (session ? rememberedState(session, session.role) : signedOutState);

/** Runs `work` (route loaders, which call the API) as this user: their token and role, for this work only. */
export function asUser<T>(session: ServerSession | undefined, work: () => T): T {
  const user = sessionStateFor(session).user;
  return rendering.run(session && user ? { token: session.token, user, role: session.role } : undefined, work);
}

/** Renders with the store in this session's state; renderToString is synchronous, so no other render sees it. */
export function withSession<T>(session: ServerSession | undefined, render: () => T): T {
  useSession.setState(sessionStateFor(session));
  try {
    return asUser(session, render);
  } finally {
    useSession.setState(signedOutState);
  }
}

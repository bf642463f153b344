// Test helpers for packages that use shared-auth: a way to put the session in a known state (the fake API is
// shared-data's, re-exported here for the tests that use both). Never imported by shipped code.
import type { Role } from '@phonehaat/shared-api/permissions';
import { signedOutState, useSession } from './session-store';
import { accessToken } from './token';
import './credentials';


/** Puts the session in a state: signed out, or signed in with a role already known. */
export function setSession(state: { role: Role | null; email?: string; name?: string } | 'signed-out' | 'restoring') {
  if (state === 'signed-out') {
    accessToken.clear();
    useSession.setState(signedOutState);
    return;
  }
  if (state === 'restoring') {
    useSession.setState({ status: 'restoring', user: null, role: null, roleStatus: 'idle' });
    return;
  }
  accessToken.set('test-access-token');
  useSession.setState({
    status: 'signed-in',
    user: { uid: 'uid-1', email: state.email ?? 'tanvir@example.com', name: state.name ?? 'Tanvir Ahmed', photoURL: null },
    role: state.role,
    roleStatus: 'ready',
  });
}

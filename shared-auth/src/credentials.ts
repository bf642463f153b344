// Tells the data layer (shared-data's client) whose calls it makes: the access token this browser holds, and on a
// server rendering a returning user's page their token for that render; and, at each change, who is signed in (the
// live stream follows, and the cache forgets another person's answers). Runs once, as shared-auth loads.
import { setCredentials, setSignedIn } from '@phonehaat/shared-data';
import { renderSession, useSession, type SessionState } from './session-store';
import { accessToken } from './token';

setCredentials({ token: () => accessToken.get(), serverToken: () => renderSession()?.token });

/**
 * Who, by the address the session is known by (the remembered session has no Firebase id yet; an account made by phone
 * may have no address). Restoring says nothing yet: the page keeps what it was composed with until the session is known.
 */
const tell = ({ status, user }: SessionState) => {
  if (status === 'signed-in') setSignedIn(user?.email || user?.uid || 'signed-in');
  else if (status === 'signed-out') setSignedIn(null);
};
if (typeof window !== 'undefined') {
  tell(useSession.getState());
  useSession.subscribe(tell);
}

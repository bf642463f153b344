import { describe, expect, it } from 'vitest';
import { startSession } from './actions';
import { firebaseRequested } from './firebase';
import { useSession } from './session-store';
import { accessToken } from './token';

describe('starting the session', () => {
  it('signs a first-time visitor out at once without loading Firebase', () => {
    accessToken.set('stale-token-without-session');
    startSession();
    expect(useSession.getState().status).toBe('signed-out');
    expect(firebaseRequested()).toBe(false);
    expect(accessToken.get()).toBeNull();
  });
});

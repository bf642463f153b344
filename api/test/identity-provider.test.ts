import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseIdentity, IdentityUnavailableError } from '../src/modules/identity/auth/identity.js';
import { parseEnv } from '../src/config/env.js';
import { createGuards } from '../src/plugins/auth.js';
import { emulator, firebaseSignUp, uniqueEmail } from './support/harness.js';

const identity = createFirebaseIdentity(parseEnv({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: emulator() }));
const networkError = () => Object.assign(new Error('socket hang up'), { code: 'app/network-error' });
afterEach(() => vi.restoreAllMocks());

describe('verifying a sign-in with Firebase', () => {
  it('tries once more when the connection to Firebase fails, and then accepts a good token', async () => {
    const email = uniqueEmail('retry');
    const { idToken, uid } = await firebaseSignUp(email);
    const verify = vi.spyOn(identity.auth, 'verifyIdToken');
    verify.mockRejectedValueOnce(networkError());
    await expect(identity.verifyIdToken(idToken)).resolves.toMatchObject({ uid, email });
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('reports Firebase as unavailable, not the token as bad, when it fails twice', async () => {
    const verify = vi.spyOn(identity.auth, 'verifyIdToken').mockRejectedValue(networkError());
    await expect(identity.verifyIdToken('any')).rejects.toBeInstanceOf(IdentityUnavailableError);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it("takes Firebase's verdict on a bad token at once, without asking again", async () => {
    const verify = vi.spyOn(identity.auth, 'verifyIdToken');
    await expect(identity.verifyIdToken('not-a-token')).rejects.toMatchObject({ code: 'auth/argument-error' });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('answers 503 (try again) rather than 401 (sign in again) while Firebase cannot be reached', async () => {
    const unreachable = { verifyIdToken: () => Promise.reject(new IdentityUnavailableError(networkError())), disableUser: async () => {} };
    const guards = createGuards({ identity: unreachable, tokens: {} as never, users: {} as never, cache: {} as never });
    const request = { headers: { authorization: 'Bearer some-token' }, log: { error: vi.fn() } };
    await expect(guards.firebaseIdentity(request as never)).rejects.toMatchObject({
      statusCode: 503,
      message: 'Sign-in cannot be checked just now; please try again in a moment',
    });
    expect(request.log.error).toHaveBeenCalledOnce();
  });
});

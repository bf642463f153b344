import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalogs } from '@phonehaat/shared-ui/i18n';
import { authErrorMessage } from './firebase';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('a sign-in error, as the person reads it', () => {
  afterEach(() => activateLanguage('en'));

  it('names what went wrong in English, never the SDK’s code', () => {
    expect(authErrorMessage(firebaseError('auth/invalid-credential'))).toBe('The email or password is incorrect.');
    expect(authErrorMessage(firebaseError('auth/some-new-code'))).toBe('Sign-in failed. Please try again.');
  });

  it('names it in Bangla on a Bangla page', async () => {
    await loadCatalogs('bn');
    activateLanguage('bn');
    expect(authErrorMessage(firebaseError('auth/invalid-credential'))).toBe('ইমেইল বা পাসওয়ার্ড ভুল।');
    expect(authErrorMessage(firebaseError('auth/some-new-code'))).toBe('সাইন ইন হলো না। আবার চেষ্টা করুন।');
  });
});

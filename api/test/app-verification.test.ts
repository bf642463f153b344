// Firebase's app verification for phone codes (issue 46): production refuses to start unless Firebase enforces
// reCAPTCHA Enterprise on phone codes, and every request that sends a code carries the browser's token, passed on to
// Firebase as its web SDK sends it; without one, or with one Firebase refuses, a clear 400 and no code is sent.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPhoneAppVerification } from '../src/modules/identity/auth/app-verification.ts';
import { createPhoneCodes } from '../src/modules/identity/auth/phone-codes.ts';
import { createPhoneVerification } from '../src/modules/identity/auth/phone-verification.ts';
import type { AuditRepository } from '../src/audit/audit.ts';
import { rows } from '../src/db/rows.ts';
import { auth, codeSentTo, createHarness, json, type Harness } from './support/harness.js';

const freshNumber = () => `018${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const NOT_VERIFIED = 'PhoneHaat could not check this request came from its app: reload the page and try again';

/** A stand-in for Google's Identity Toolkit: records each request, answers what the test says. */
function google(status: number, body: unknown) {
  const asked: { url: string; body: unknown }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    asked.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, asked };
}
const production = { FIREBASE_API_KEY: 'AIzaSy-own-key', FIREBASE_AUTH_EMULATOR_HOST: undefined };

describe('the reCAPTCHA configuration production asks Firebase for at start', () => {
  it('is good when phone codes are enforced (or audited) with a site key, asked as the web SDK asks', async () => {
    const { fetcher, asked } = google(200, { recaptchaKey: 'projects/phonehaat/keys/6Lc-site-key', recaptchaEnforcementState: [{ provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' }, { provider: 'PHONE_PROVIDER', enforcementState: 'ENFORCE' }] });
    await expect(checkPhoneAppVerification(production, fetcher)).resolves.toEqual({ enforcement: 'ENFORCE', siteKey: '6Lc-site-key' });
    const url = new URL(asked[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://identitytoolkit.googleapis.com/v2/recaptchaConfig');
    expect(Object.fromEntries(url.searchParams)).toEqual({ key: 'AIzaSy-own-key', clientType: 'CLIENT_TYPE_WEB', version: 'RECAPTCHA_ENTERPRISE' });
    const audited = google(200, { recaptchaKey: 'projects/phonehaat/keys/6Lc-site-key', recaptchaEnforcementState: [{ provider: 'PHONE_PROVIDER', enforcementState: 'AUDIT' }] });
    await expect(checkPhoneAppVerification(production, audited.fetcher)).resolves.toMatchObject({ enforcement: 'AUDIT' });
  });

  it('refuses to start when phone codes are not verified, no site key is named, the key is refused or Firebase cannot be reached', async () => {
    const off = google(200, { recaptchaKey: 'projects/phonehaat/keys/6Lc-site-key', recaptchaEnforcementState: [{ provider: 'PHONE_PROVIDER', enforcementState: 'OFF' }] });
    await expect(checkPhoneAppVerification(production, off.fetcher)).rejects.toThrow(/does not verify the app for phone codes \(reCAPTCHA Enterprise for PHONE_PROVIDER is OFF\)/);
    const unset = google(200, {});
    await expect(checkPhoneAppVerification(production, unset.fetcher)).rejects.toThrow(/PHONE_PROVIDER is not set/);
    const keyless = google(200, { recaptchaEnforcementState: [{ provider: 'PHONE_PROVIDER', enforcementState: 'ENFORCE' }] });
    await expect(checkPhoneAppVerification(production, keyless.fetcher)).rejects.toThrow(/no reCAPTCHA Enterprise site key/);
    const badKey = google(400, { error: { code: 400, message: 'API_KEY_INVALID' } });
    await expect(checkPhoneAppVerification(production, badKey.fetcher)).rejects.toThrow(/API_KEY_INVALID\): check FIREBASE_API_KEY/);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(checkPhoneAppVerification(production, down)).rejects.toThrow(/could not be read \(fetch failed\)/);
  });
});

describe('a code sent with app verification on', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ PHONE_APP_VERIFICATION: 'recaptcha-enterprise', AUTH_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => h.close());
  const sentTo = async (number: string) => (await rows<{ n: number }>(h.database.db, sql`SELECT count(*)::int AS n FROM phone_verifications WHERE phone = ${`+88${number}`}`))[0]!.n;

  it('passes the browser’s token to Firebase with the web client type and reCAPTCHA Enterprise, as Firebase’s SDK does', async () => {
    const { fetcher, asked } = google(200, { sessionInfo: 'session-1' });
    await expect(createPhoneCodes(production, fetcher).send('+8801712345678', 'recaptcha-token')).resolves.toBe('session-1');
    expect(asked[0]!.url).toBe('https://identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=AIzaSy-own-key');
    expect(asked[0]!.body).toEqual({ phoneNumber: '+8801712345678', captchaResponse: 'recaptcha-token', clientType: 'CLIENT_TYPE_WEB', recaptchaVersion: 'RECAPTCHA_ENTERPRISE' });
  });

  it('refuses a code request without the token (in Bangla too) and sends none; with it, the code goes', async () => {
    const buyer = await h.register('Buyer', undefined, { phone: false });
    const number = freshNumber();
    const headers = { ...auth(buyer.accessToken), 'accept-language': 'bn' };
    const refused = await h.app.inject({ method: 'POST', url: '/me/phone/code', headers, payload: { phone: number } });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ message: 'অনুরোধটি ফোনহাটের অ্যাপ থেকে এসেছে কি না যাচাই করা গেল না: পেজটি আবার লোড করে আবার চেষ্টা করুন' });
    const signIn = await h.app.inject({ method: 'POST', url: '/phone-sign-in/code', payload: { phone: number } });
    expect(json(signIn)).toMatchObject({ statusCode: 400, message: NOT_VERIFIED });
    expect(await sentTo(number)).toBe(0);
    await expect(codeSentTo(number)).rejects.toThrow(/no code was sent/);

    const sent = await h.app.inject({ method: 'POST', url: '/me/phone/code', headers: auth(buyer.accessToken), payload: { phone: number, captchaResponse: 'token-from-the-page' } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await codeSentTo(number)).toMatch(/^\d{6}$/);

    // The fresh code before a wallet change too: asked without the token, refused; with it, sent.
    const seller = await h.register('Seller');
    expect(json(await h.app.inject({ method: 'POST', url: '/me/phone/confirmation', headers: auth(seller.accessToken) }))).toMatchObject({ statusCode: 400, message: NOT_VERIFIED });
    const confirmation = await h.app.inject({ method: 'POST', url: '/me/phone/confirmation', headers: auth(seller.accessToken), payload: { captchaResponse: 'token-from-the-page' } });
    expect(confirmation.statusCode, confirmation.body).toBe(201);
  });

  it('tells the person to reload when Firebase refuses the token, and keeps no code request', async () => {
    const refusing = google(400, { error: { code: 400, message: 'INVALID_RECAPTCHA_TOKEN : The reCAPTCHA token is invalid' } });
    const phone = createPhoneVerification({
      db: h.database.db,
      codes: createPhoneCodes(production, refusing.fetcher),
      identity: { verifyIdToken: async () => ({ uid: 'nobody' }) } as never,
      audit: {} as AuditRepository,
      appVerification: true,
    });
    const number = freshNumber();
    // Refused in the market's words (a domain error, answered 400 by the error handler: the HTTP tests above).
    await expect(phone.requestSignIn(number, 'stale-token')).rejects.toMatchObject({ kind: 'invalid', message: NOT_VERIFIED });
    expect(await sentTo(number)).toBe(0);
  });
});

// An e-mail address added later to an account made by phone (issue 46): a link e-mailed in the person's language, opened
// by the same account, puts the address on the account and on its Firebase sign-in (so no one else can sign up with
// it); every refusal clear, nothing changed.
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneCodeSent } from '@phonehaat/shared-api';
import { auth, codeSentTo, createHarness, emulator, firebaseSignUp, json, uniqueEmail, type Harness } from './support/harness.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';

let smtp: TestSmtp;
let h: Harness;
beforeAll(async () => {
  smtp = await startSmtp();
  h = await createHarness({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, WEB_URL: 'https://web.phonehaat.test', AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});
afterEach(() => smtp.received.splice(0));

const firebase = async <T>(operation: string, body: object): Promise<T> =>
  (await (await fetch(`http://${emulator()}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=fake-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as T;
const post = (accessToken: string, url: string, payload: object, language = 'en') => h.app.inject({ method: 'POST', url, headers: { ...auth(accessToken), 'accept-language': language }, payload });

/** A person who signs up with only a phone number, as the apps do it: the code, Firebase's custom token, registration. */
async function signUpByPhone(name: string) {
  const number = `019${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const { verificationId } = json<PhoneCodeSent>(await h.app.inject({ method: 'POST', url: '/phone-sign-in/code', payload: { phone: number } }));
  const { customToken } = json<{ customToken: string }>(await h.app.inject({ method: 'POST', url: '/phone-sign-in', payload: { verificationId, code: await codeSentTo(number) } }));
  const { idToken } = await firebase<{ idToken: string }>('signInWithCustomToken', { token: customToken, returnSecureToken: true });
  expect((await h.app.inject({ method: 'POST', url: '/users', headers: auth(idToken), payload: { name, role: 'Buyer' } })).statusCode).toBe(201);
  const { accessToken } = json<{ accessToken: string }>(await h.app.inject({ method: 'GET', url: '/jwt', headers: auth(idToken) }));
  return { idToken, accessToken };
}
const linkIn = (text: string) => new URL(text.match(/https:\/\/web\.phonehaat\.test\/\S+/)![0]);

describe('adding an e-mail address to an account made by phone', () => {
  it('e-mails a link in the person’s language; opened by them, the address is on the account and its Firebase sign-in, once', async () => {
    const person = await signUpByPhone(`Shapla ${randomInt(1000)}`);
    const address = uniqueEmail('shapla');
    const asked = await post(person.accessToken, '/me/email', { email: address.toUpperCase(), language: 'bn' });
    expect(asked.statusCode, asked.body).toBe(202);
    const [email] = await smtp.waitFor(1);
    expect(email).toMatchObject({ to: address, subject: 'এই ই-মেইল ঠিকানাটি ফোনহাটে যোগ করুন' });
    const link = linkIn(email!.text);
    expect(link.pathname).toBe('/bn/notifications/settings');
    const token = link.searchParams.get('emailToken')!;

    // Someone else who got hold of the link cannot use it on their account.
    const other = await h.register('Buyer');
    expect(json(await post(other.accessToken, '/me/email/confirm', { token }, 'bn'))).toMatchObject({ statusCode: 400, message: 'লিংকটি ব্যবহার হয়ে গেছে বা পুরোনো: সেটিংস থেকে নতুন লিংক চান' });
    expect(json(await h.app.inject({ method: 'GET', url: '/me', headers: auth(other.accessToken) }))).toMatchObject({ email: other.email });

    const confirmed = await post(person.accessToken, '/me/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const added = json<{ email: string; customToken: string }>(confirmed);
    expect(added.email).toBe(address);
    expect(json(await h.app.inject({ method: 'GET', url: '/me', headers: auth(person.accessToken) }))).toMatchObject({ email: address });
    // Firebase has it, verified: the custom token signs in to an account whose token carries the address.
    const again = await firebase<{ idToken: string }>('signInWithCustomToken', { token: added.customToken, returnSecureToken: true });
    const { users } = await firebase<{ users: { email?: string; emailVerified?: boolean }[] }>('lookup', { idToken: again.idToken });
    expect(users[0]).toMatchObject({ email: address, emailVerified: true });
    const exchanged = await h.app.inject({ method: 'GET', url: `/jwt?email=${encodeURIComponent(address)}`, headers: auth(again.idToken) });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    // Nobody can now sign up with that address in Firebase, and so be taken for this person.
    const squatter = await firebase<{ error?: { message: string } }>('signUp', { email: address, password: 'another-password-42', returnSecureToken: true });
    expect(squatter.error?.message).toBe('EMAIL_EXISTS');
    // Once.
    expect(json(await post(person.accessToken, '/me/email/confirm', { token }))).toMatchObject({ statusCode: 400, message: 'This link is used or too old: ask for a new one in Settings' });
    expect(json(await post(person.accessToken, '/me/email', { email: uniqueEmail('second'), language: 'en' }))).toMatchObject({ statusCode: 409, message: 'Your account already has an e-mail address' });
  });

  it('refuses an address another account has (without saying whose), a bad one, a broken link and a fourth link in an hour; nothing changes', async () => {
    const person = await signUpByPhone(`Bokul ${randomInt(1000)}`);
    const emailAccount = await h.register('Seller');
    expect(json(await post(emailAccount.accessToken, '/me/email', { email: uniqueEmail('more'), language: 'en' }))).toMatchObject({ statusCode: 409, message: 'Your account already has an e-mail address' });
    expect(json(await post(person.accessToken, '/me/email', { email: emailAccount.email, language: 'en' }))).toMatchObject({ statusCode: 409, message: 'This e-mail address is used by another account: use another address' });
    expect((await post(person.accessToken, '/me/email', { email: 'not an address', language: 'en' })).statusCode).toBe(400);
    expect(json(await post(person.accessToken, '/me/email/confirm', { token: 'short' }))).toMatchObject({ statusCode: 400, message: expect.stringContaining('This link is not whole') });
    expect(smtp.received).toHaveLength(0);

    // An address only Firebase knows (someone signed up there, never on PhoneHaat): refused when the link is opened.
    const elsewhere = uniqueEmail('elsewhere');
    await firebaseSignUp(elsewhere);
    expect((await post(person.accessToken, '/me/email', { email: elsewhere, language: 'en' })).statusCode).toBe(202);
    const [email] = await smtp.waitFor(1);
    const token = linkIn(email!.text).searchParams.get('emailToken')!;
    expect(json(await post(person.accessToken, '/me/email/confirm', { token }))).toMatchObject({ statusCode: 409, message: 'This e-mail address is used by another account: use another address' });
    expect(json(await h.app.inject({ method: 'GET', url: '/me', headers: auth(person.accessToken) }))).toMatchObject({ email: null });

    for (let sent = 1; sent < 3; sent++) expect((await post(person.accessToken, '/me/email', { email: uniqueEmail('again'), language: 'en' })).statusCode).toBe(202);
    expect(json(await post(person.accessToken, '/me/email', { email: uniqueEmail('fourth'), language: 'en' }))).toMatchObject({ statusCode: 429, message: '3 links were sent in the last hour: wait a while, then ask again' });
  });
});

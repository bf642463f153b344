// "Forgot password?" (issue 42): the reset e-mail in the person's language, through PhoneHaat's mail server, with a
// link to PhoneHaat's page; its code sets a new password with Firebase (the Auth emulator here); nothing tells a
// stranger whether an address has an account.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, emulator, firebaseSignIn, json, TEST_PASSWORD, type Harness } from './support/harness.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';

let smtp: TestSmtp;
let h: Harness;
beforeAll(async () => {
  smtp = await startSmtp();
  h = await createHarness({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, WEB_URL: 'https://web.phonehaat.test' });
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});
afterEach(() => smtp.received.splice(0));

const ask = (payload: Record<string, string>) => h.app.inject({ method: 'POST', url: '/password-reset', payload });

describe('POST /password-reset', () => {
  it("e-mails the person a link in their language that sets a new password, once; the old one stops working", async () => {
    const buyer = await h.register('Buyer');
    const asked = await ask({ email: buyer.email.toUpperCase(), language: 'bn' });
    expect(asked.statusCode).toBe(202);
    const [email] = await smtp.waitFor(1);
    expect(email).toMatchObject({ to: buyer.email, subject: 'আপনার ফোনহাট পাসওয়ার্ড নতুন করে দিন' });
    // Asked for by the person: no unsubscribe headers.
    expect(email!.headers.get('list-unsubscribe')).toBeUndefined();
    const link = new URL(email!.text.match(/https:\/\/web\.phonehaat\.test\/bn\/reset-password\?oobCode=\S+/)![0]);
    const oobCode = link.searchParams.get('oobCode')!;

    // What the page does with it (the Firebase SDK's confirmPasswordReset): the emulator's REST call.
    const reset = async () =>
      (await fetch(`http://${emulator()}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oobCode, newPassword: 'a-new-password-42' }),
      })).status;
    expect(await reset()).toBe(200);
    expect((await firebaseSignIn(buyer.email, 'a-new-password-42')).idToken).toBeTruthy();
    expect((await firebaseSignIn(buyer.email, TEST_PASSWORD)).error?.message).toMatch(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
    expect(await reset()).toBe(400);
  });

  it('answers an address with no account exactly as one with an account, and sends nothing', async () => {
    const asked = await ask({ email: 'nobody-here@test.phonehaat', language: 'en' });
    expect(asked.statusCode).toBe(202);
    expect(json(asked)).toEqual({ acknowledged: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses what is not an e-mail address with a clear message, and limits the e-mails an address gets', async () => {
    const refused = await ask({ email: 'not an address' });
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toMatch(/email/i);
    const buyer = await h.register('Buyer');
    for (let i = 0; i < 3; i++) expect((await ask({ email: buyer.email })).statusCode).toBe(202);
    expect((await ask({ email: buyer.email })).statusCode).toBe(429);
    expect((await smtp.waitFor(3)).filter((email) => email.to === buyer.email)).toHaveLength(3);
  });
});

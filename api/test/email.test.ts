// E-mail through the outbox and the job queue (issue 27, decision 022), against a real SMTP server.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema.js';
import { auth, createHarness, databaseKind, json, type Harness, type TestUser } from './support/harness.js';
import { freePort, outboxProcessEnv, startApiProcess } from './support/api-process.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { openDatabase } from '../src/db/client.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { sleep, until } from './support/wait.js';

const fast = { JOB_POLL_SECONDS: '0.5', EMAIL_RETRY_DELAY_SECONDS: '1', WEB_URL: 'https://web.phonehaat.test' };
const outboxOf = (h: Harness, userId: string) => h.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId));
/** A seller with a phone, booked by `buyers` buyers: one "booked" e-mail each. */
async function bookings(h: Harness, buyers = 1): Promise<TestUser> {
  const seller = await h.register('Seller');
  const productId = await h.createProduct(seller, { name: 'iPhone 13 128GB' });
  for (let i = 0; i < buyers; i++) await h.book(await h.register('Buyer', `Buyer ${i + 1}`), productId);
  return seller;
}

describe('e-mails of notifications', () => {
  let smtp: TestSmtp;
  let h: Harness;
  beforeAll(async () => {
    smtp = await startSmtp();
    h = await createHarness({ ...fast, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });
  afterEach(() => smtp.received.splice(0));

  it("are sent in the person's language, link to the thing, and carry one-click unsubscribe (RFC 8058)", async () => {
    const seller = await h.register('Seller');
    await h.app.inject({ method: 'GET', url: '/notifications/unread', headers: { ...auth(seller.accessToken), 'accept-language': 'bn' } });
    const productId = await h.createProduct(seller, { name: 'Pixel 7' });
    await h.book(await h.register('Buyer', 'Nusrat'), productId);

    const [email] = await smtp.waitFor(1);
    expect(email).toMatchObject({ to: seller.email, subject: 'Nusrat আপনার Pixel 7 বুক করেছেন' });
    expect(email!.text).toContain('বুকিংটি দেখুন: https://web.phonehaat.test/bn/dashboard/myproduct');
    expect(email!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = String(email!.headers.get('list-unsubscribe')).match(/<(.+)>/)![1]!;
    expect(unsubscribe.startsWith(`${h.env.PUBLIC_URL}/unsubscribe?token=`)).toBe(true);
    await until(async () => (await outboxOf(h, seller.id))[0]?.status === 'sent');
    const [row] = await outboxOf(h, seller.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(email!.messageId).toContain(row!.idempotencyKey);

    // The mail client's one click: a form POST, no sign-in.
    const url = new URL(unsubscribe);
    const clicked = await h.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(clicked.statusCode).toBe(200);
    expect(json(clicked)).toEqual({ kind: 'booked', unsubscribed: true });
    const settings = json<{ email: Record<string, boolean> }>(await h.app.inject({ method: 'GET', url: '/me/email-settings', headers: auth(seller.accessToken) }));
    expect(settings.email).toMatchObject({ booked: false, paid: true });

    await h.book(await h.register('Buyer'), productId);
    await sleep(1500);
    expect(smtp.received).toHaveLength(1);
  });

  it('refuses a forged or altered unsubscribe link with a 400, and changes nothing', async () => {
    const seller = await bookings(h);
    const [email] = await smtp.waitFor(1);
    const token = new URL(String(email!.headers.get('list-unsubscribe')).match(/<(.+)>/)![1]!).searchParams.get('token')!;
    const [userId, , signature] = token.split('.');
    for (const bad of [`${userId}.paid.${signature}`, `${userId}.booked.forged`, 'nonsense', `${userId}.message.${signature}`]) {
      const refused = await h.app.inject({ method: 'POST', url: `/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(refused.statusCode).toBe(400);
      expect(json<{ message: string }>(refused).message).toMatch(/^This unsubscribe link is not valid/);
    }
    expect((await h.app.inject({ method: 'POST', url: '/unsubscribe' })).statusCode).toBe(400);
    const settings = json<{ email: Record<string, boolean> }>(await h.app.inject({ method: 'GET', url: '/me/email-settings', headers: auth(seller.accessToken) }));
    expect(Object.values(settings.email).every(Boolean)).toBe(true);
  });

  it('are not sent to a person who turned the kind off before the e-mail went', async () => {
    const seller = await h.register('Seller');
    await h.app.inject({ method: 'PUT', url: '/me/email-settings', headers: auth(seller.accessToken), payload: { email: { paid: false } } });
    const productId = await h.createProduct(seller, { name: 'iPhone 13 128GB' });
    const buyer = await h.register('Buyer');
    const bookingId = await h.book(buyer, productId);
    const transactionId = await h.payByCard(buyer, bookingId);
    await h.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });
    // The seller's "booked" and the buyer's "paid"; not the seller's "paid".
    await smtp.waitFor(2);
    await sleep(1500);
    expect(smtp.received.map((email) => [email.to, email.subject]).sort()).toEqual(
      [
        [seller.email, `${buyer.name} booked your iPhone 13 128GB`],
        [buyer.email, 'Your payment for iPhone 13 128GB went through'],
      ].sort(),
    );
    expect((await outboxOf(h, seller.id)).map((row) => row.kind)).toEqual(['booked']);
  });
});

describe('the saved-search digest', () => {
  it('e-mails each person once with the new phones their searches found, each linking to its page; nothing twice', async () => {
    const smtp = await startSmtp();
    const h = await createHarness({ ...fast, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const admin = await h.admin();
      const buyer = await h.register('Buyer');
      const seller = await h.register('Seller');
      const saved = await h.app.inject({ method: 'POST', url: '/saved-searches', headers: auth(buyer.accessToken), payload: { name: 'Pixels', query: 'q=pixel+7' } });
      expect(saved.statusCode).toBe(201);
      // Someone who deletes their search after it found phones is not e-mailed about them.
      const changedMind = await h.register('Buyer');
      const deleted = json<{ _id: string }>(
        await h.app.inject({ method: 'POST', url: '/saved-searches', headers: auth(changedMind.accessToken), payload: { name: 'Pixel 7', query: 'q=pixel+7' } }),
      );
      const first = await h.createProduct(seller, { name: 'Pixel 7 128GB' });
      const second = await h.createProduct(seller, { name: 'Pixel 7 Pro' });
      const gone = await h.createProduct(seller, { name: 'Pixel 7a' });
      await until(async () => json<{ count: number }>(await h.app.inject({ method: 'GET', url: '/notifications/unread', headers: auth(buyer.accessToken) })).count === 3);
      await h.app.inject({ method: 'DELETE', url: `/postedproduct/${gone}`, headers: auth(seller.accessToken) });
      await until(async () => json<{ count: number }>(await h.app.inject({ method: 'GET', url: '/notifications/unread', headers: auth(changedMind.accessToken) })).count === 3);
      expect((await h.app.inject({ method: 'DELETE', url: `/saved-searches/${deleted._id}`, headers: auth(changedMind.accessToken) })).statusCode).toBe(200);
      // Nothing is e-mailed for a match until the digest.
      await sleep(1000);
      expect(smtp.received).toEqual([]);

      const sent = await h.app.inject({ method: 'POST', url: '/admin/digests', headers: auth(admin.accessToken) });
      expect(json(sent)).toEqual({ emails: 1 });
      const [email] = await smtp.waitFor(1);
      expect(email).toMatchObject({ to: buyer.email, subject: '2 new phones for your saved searches' });
      expect(email!.text).toContain(`- Pixel 7 128GB — Tk 68,000 (Pixels): https://web.phonehaat.test/product/${first}`);
      expect(email!.text).toContain(`- Pixel 7 Pro — Tk 68,000 (Pixels): https://web.phonehaat.test/product/${second}`);
      expect(email!.text).not.toContain('Pixel 7a');
      // Again: nothing new, no e-mail.
      expect(json(await h.app.inject({ method: 'POST', url: '/admin/digests', headers: auth(admin.accessToken) }))).toEqual({ emails: 0 });
      expect((await h.app.inject({ method: 'POST', url: '/admin/digests', headers: auth(buyer.accessToken) })).statusCode).toBe(403);
      await sleep(1000);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await h.close();
      await smtp.close();
    }
  });
});

describe('e-mail when the SMTP server is down', () => {
  it('arrives, once each, when the server is back', async () => {
    const port = await freePort();
    const h = await createHarness({ ...fast, SMTP_URL: `smtp://127.0.0.1:${port}` });
    let smtp: TestSmtp | undefined;
    try {
      const seller = await bookings(h, 3);
      // Every e-mail was tried and failed: the server is not there.
      await until(async () => (await outboxOf(h, seller.id)).every((row) => row.attempts >= 1 && row.status === 'pending' && row.lastError !== null));
      await sleep(2000);
      smtp = await startSmtp(port);
      const emails = await smtp.waitFor(3, 30_000);
      await sleep(2500);
      expect(smtp.received).toHaveLength(3);
      expect(new Set(emails.map((email) => email.messageId)).size).toBe(3);
      expect((await outboxOf(h, seller.id)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      await h.close();
      await smtp?.close();
    }
  });
});

describe.runIf(databaseKind === 'postgres')('e-mail across processes and instances (PostgreSQL)', () => {
  // Two API processes start one after the other, with 25 s of its own waits between them: 30 s (the default) was less
  // than the sum on a loaded 2-core machine (CI timed out once at 30 s).
  it('is not sent twice when its worker is killed in the middle of sending it', { timeout: 90_000 }, async () => {
    const smtp = await startSmtp();
    // The harness writes the e-mail (it has no SMTP server: the row waits in the outbox).
    const h = await createHarness(fast);
    const env = outboxProcessEnv(h.env, { ...fast, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const seller = await bookings(h);
      smtp.stall = true;
      const started = smtp.dataStarted();
      const first = await startApiProcess(env);
      await started;
      first.child.kill('SIGKILL');
      await first.exited;
      expect((await outboxOf(h, seller.id))[0]).toMatchObject({ status: 'sending', attempts: 1 });

      // The next process starts once the dead worker's lease has run out (its sweep at start then takes the row over).
      await sleep(2500);
      smtp.stall = false;
      const second = await startApiProcess(env);
      try {
        const [email] = await smtp.waitFor(1, 20_000);
        await sleep(2500);
        expect(smtp.received).toHaveLength(1);
        expect(email!.to).toBe(seller.email);
        expect((await outboxOf(h, seller.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await h.close();
      await smtp.close();
    }
  });

  it('is sent once by one of two instances working the same queue', async () => {
    const smtp = await startSmtp();
    const h = await createHarness({ ...fast, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const database = await openDatabase({ url: h.env.DATABASE_URL, poolSize: 3 });
    const other = await buildApp({ env: h.env, database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) });
    await other.ready();
    try {
      const seller = await bookings(h, 12);
      const emails = await smtp.waitFor(12, 30_000);
      await sleep(2500);
      expect(smtp.received).toHaveLength(12);
      expect(new Set(emails.map((email) => email.messageId)).size).toBe(12);
      expect((await outboxOf(h, seller.id)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await other.close();
      await database.close();
      await h.close();
      await smtp.close();
    }
  });
});

// A sender held for review (issue 70): flagged by the scam rules with several different people within a day, or held by
// an admin from a report; what they write in a conversation new to them waits, seen by them alone, until an admin
// releases them (then it is delivered) — every decision in the activity log.
import { randomUUID } from 'node:crypto';
import type { Message, SenderHold, Thread, ThreadDetail } from '@phonehaat/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let admin: TestUser;
beforeAll(async () => {
  h = await createHarness({ MESSAGE_RATE_LIMIT_MAX: '100', AUTH_RATE_LIMIT_MAX: '1000', SCAM_HOLD_PEOPLE: '3' });
  admin = await h.admin();
});
afterAll(() => h.close());

const SCAM = 'ভুল করে ৫০০০ টাকা পাঠিয়েছি, ফেরত দিন';
const send = (user: TestUser, threadId: string, body: string) =>
  h.app.inject({ method: 'POST', url: `/threads/${threadId}/messages`, headers: auth(user.accessToken), payload: { clientId: randomUUID(), body } });
const read = async (user: TestUser, threadId: string) => json<ThreadDetail>(await h.app.inject({ method: 'GET', url: `/threads/${threadId}`, headers: auth(user.accessToken) }));
const holds = async () => json<SenderHold[]>(await h.app.inject({ method: 'GET', url: '/admin/holds', headers: auth(admin.accessToken) }));
const unread = async (user: TestUser) => json<{ threads: number }>(await h.app.inject({ method: 'GET', url: '/inbox/unread', headers: auth(user.accessToken) })).threads;
const audit = async () =>
  json<{ entries: { action: string; actorName: string; targetId: string; reason: string | null }[] }>(await h.app.inject({ method: 'GET', url: '/audit?limit=50', headers: auth(admin.accessToken) })).entries;

/** A new buyer's conversation about one of the seller's listings. */
async function buyerOf(seller: TestUser) {
  const buyer = await h.register('Buyer');
  const productId = await h.createProduct(seller, { name: 'Galaxy A54 128GB', resalePrice: 30_000 });
  const opened = await h.app.inject({ method: 'POST', url: '/threads', headers: auth(buyer.accessToken), payload: { productId } });
  return { buyer, threadId: json<Thread>(opened)._id };
}

describe('a sender flagged with several people within a day', () => {
  it('is held by the rules at the third person; their new conversations wait, the old ones go on; the admin releases them and what waited arrives', async () => {
    const seller = await h.register('Seller', 'Scam Seller');
    const first = await buyerOf(seller);
    const second = await buyerOf(seller);
    // Flagged twice with the same buyer counts one person; ordinary talk counts none.
    for (const body of [SCAM, 'send the code you got']) expect(json<Message>(await send(seller, first.threadId, body)).held).toBe(false);
    expect(json<Message>(await send(seller, second.threadId, 'Available, meet at Mirpur 10')).held).toBe(false);
    expect(await holds()).not.toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: seller.id }) }));
    await send(seller, second.threadId, SCAM);
    expect(await holds()).not.toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: seller.id }) }));
    const third = await buyerOf(seller);
    const flagged = json<Message>(await send(seller, third.threadId, SCAM));
    // The message that made the pattern was delivered (the rules hold after it); the hold is in the log, by PhoneHaat.
    expect(flagged.held).toBe(false);
    expect(await holds()).toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: seller.id, name: 'Scam Seller' }), heldBy: { kind: 'rules' }, flaggedPeople: 3, waiting: 0 }));
    expect((await audit())[0]).toMatchObject({ action: 'hold-sender', actorName: 'PhoneHaat', targetId: seller.id, reason: 'Flagged by the scam rules in conversations with 3 people within a day' });

    // A fourth buyer writes first; the held seller's answer waits: the seller sees it, the buyer does not, nor counts it unread.
    const fourth = await buyerOf(seller);
    await send(fourth.buyer, fourth.threadId, 'Is it still available?');
    const waiting = json<Message>(await send(seller, fourth.threadId, 'Yes! Send Tk 2,000 advance to 01712345678'));
    expect(waiting.held).toBe(true);
    expect((await read(seller, fourth.threadId)).messages.map((m) => [m.body, m.held])).toEqual([['Is it still available?', false], ['Yes! Send Tk 2,000 advance to 01712345678', true]]);
    expect((await read(fourth.buyer, fourth.threadId)).messages.map((m) => m.body)).toEqual(['Is it still available?']);
    expect(await unread(fourth.buyer)).toBe(0);
    // A conversation the seller had written in before goes on as it was.
    expect(json<Message>(await send(seller, second.threadId, 'Still there?')).held).toBe(false);
    expect((await read(second.buyer, second.threadId)).messages.at(-1)?.body).toBe('Still there?');
    expect(await holds()).toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: seller.id }), waiting: 1 }));

    const released = await h.app.inject({ method: 'DELETE', url: `/admin/users/${seller.id}/hold`, headers: auth(admin.accessToken) });
    expect([released.statusCode, released.json()]).toEqual([200, { acknowledged: true, delivered: 1 }]);
    const after = await read(fourth.buyer, fourth.threadId);
    expect(after.messages.map((m) => [m.body, m.held])).toEqual([['Is it still available?', false], ['Yes! Send Tk 2,000 advance to 01712345678', false]]);
    expect(after.thread.lastMessage?.body).toBe('Yes! Send Tk 2,000 advance to 01712345678');
    expect(await unread(fourth.buyer)).toBe(1);
    expect((await audit())[0]).toMatchObject({ action: 'release-sender', targetId: seller.id, reason: '1 waiting messages delivered' });
    expect(await holds()).not.toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: seller.id }) }));

    // What the admin judged is not counted again: one more flagged message after the release holds nobody.
    await send(seller, (await buyerOf(seller)).threadId, SCAM);
    expect(await holds()).not.toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: seller.id }) }));
    const twice = await h.app.inject({ method: 'DELETE', url: `/admin/users/${seller.id}/hold`, headers: auth(admin.accessToken) });
    expect([twice.statusCode, twice.json().message]).toEqual([404, 'This person is not held for review']);
  });
});

describe('an admin holding a sender from a report', () => {
  it('holds once (409 again, in Bangla too), shows it on the report, and nobody but an admin may', async () => {
    const seller = await h.register('Seller', 'Reported Seller');
    const { threadId } = await buyerOf(seller);
    await send(seller, threadId, 'Pay advance to my personal bKash 01812345678');
    const hold = (user: TestUser, id = seller.id, language = 'en') =>
      h.app.inject({ method: 'POST', url: `/admin/users/${id}/hold`, headers: { ...auth(user.accessToken), 'accept-language': language } });
    expect((await hold(seller)).statusCode).toBe(403);
    expect((await hold(admin, randomUUID())).statusCode).toBe(404);
    expect((await hold(admin)).statusCode).toBe(200);
    const again = await hold(admin, seller.id, 'bn');
    expect([again.statusCode, again.json().message]).toEqual([409, 'এই ব্যক্তি আগে থেকেই যাচাইয়ের জন্য আটকে আছেন']);
    expect(await holds()).toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: seller.id }), heldBy: { kind: 'admin', name: 'Site Admin' }, flaggedPeople: 1 }));
    expect((await audit())[0]).toMatchObject({ action: 'hold-sender', actorName: 'Site Admin', targetId: seller.id });
    const queue = json<{ groups: { reports: { message: { senderId: string; senderHeld: boolean } | null }[] }[] }>(
      await h.app.inject({ method: 'GET', url: '/reports?status=open&limit=50', headers: auth(admin.accessToken) }),
    );
    const mine = queue.groups.flatMap((group) => group.reports).filter((report) => report.message?.senderId === seller.id);
    expect(mine.map((report) => report.message?.senderHeld)).toEqual([true]);
  });
});

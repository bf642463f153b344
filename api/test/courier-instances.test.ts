// An instance that stops in the middle of a courier's step, and two instances racing to finish it (issue 45): the
// step was recorded (the webhook's one statement) but what it sets off — holding a delivered cash sale, refunding a
// returned prepaid parcel — never ran. Both instances' polls then sweep at once: each is done exactly once. The
// instances share one PostgreSQL database (PGlite is one process), so this runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Booking, NotificationPage } from '@phonehaat/shared-api';
import { createServices, type Services } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { createParcelsRepository } from '../src/modules/orders/repositories/parcels.js';
import type { CourierUpdate } from '../src/modules/orders/courier/types.js';
import { createHarness, databaseKind, json, type Harness } from './support/harness.js';
import { courierKit } from './support/courier.js';

let h: Harness;
let second: Database;
let instances: [Services, Services];
beforeAll(async () => {
  if (databaseKind !== 'postgres') return;
  h = await createHarness({ COURIER_POLL_AFTER_SECONDS: '3600' });
  await h.integratePathao();
  second = await openDatabase({ url: h.env.DATABASE_URL, poolSize: 3 });
  const instance = (database: Database) => createServices({ env: h.env, database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) }, h.app.log);
  instances = [instance(h.database), instance(second)];
});
afterAll(async () => {
  if (databaseKind !== 'postgres') return;
  await second.close();
  await h.close();
});

const { call, sentParcel, prepaidParcel } = courierKit(() => h);
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await h.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The rider's steps happen, heard by no webhook; the instance records the step and stops before what it sets off. */
async function stoppedMidStep(consignmentId: string, moves: readonly ('pickup' | 'transit' | 'out-for-delivery' | 'deliver' | 'refuse')[], update: Omit<CourierUpdate, 'consignmentId' | 'at'>) {
  h.pathao.switches.drop = 1;
  try {
    for (const move of moves) h.pathao.move(consignmentId, move);
  } finally {
    h.pathao.switches.drop = 0;
  }
  const applied = await createParcelsRepository(h.database.db).apply(h.database.db, 'pathao', { ...update, consignmentId, at: new Date() }, 'webhook');
  expect(applied.reached).toBe(update.status);
}
/** Both instances' polls, twice each, at the same moment. */
const racingPolls = () => Promise.all([instances[0].delivery.poll(), instances[1].delivery.poll(), instances[0].delivery.poll(), instances[1].delivery.poll()]);
const ledgerSum = async () => (await rowsOf<{ total: number }>(sql`SELECT coalesce(sum(amount), 0)::int AS total FROM ledger_entries`))[0]!.total;

describe.runIf(databaseKind === 'postgres')('an instance stopped mid-step, two instances finishing it', () => {
  it("holds a delivered cash sale once, whichever instance's poll comes first", async () => {
    const cash = await sentParcel(45_000);
    await stoppedMidStep(cash.consignmentId, ['pickup', 'transit', 'out-for-delivery', 'deliver'], { status: 'delivered', courierEvent: 'order.delivered', collected: 45_110 });
    expect(await rowsOf(sql`SELECT paid FROM bookings WHERE id = ${cash.bookingId}`)).toEqual([{ paid: false }]);
    await racingPolls();
    // One payment, one posting from the courier's account.
    expect(await rowsOf(sql`SELECT method, amount::int AS amount FROM payments WHERE booking_id = ${cash.bookingId}`)).toEqual([{ method: 'cash', amount: 4_500_000 }]);
    expect(await rowsOf(sql`SELECT account, amount::int AS amount FROM ledger_entries WHERE booking_id = ${cash.bookingId} ORDER BY amount DESC`)).toEqual([
      { account: 'courier:pathao', amount: 4_500_000 },
      { account: 'held', amount: -4_500_000 },
    ]);
    expect(json<Booking>(await call(cash.buyer, 'GET', `/bookings/${cash.bookingId}`))).toMatchObject({ paid: true, paymentMethod: 'cash' });
    expect(await ledgerSum()).toBe(0);
  });

  it("refunds a returned prepaid parcel once, whichever instance's poll comes first", async () => {
    const prepaid = await prepaidParcel();
    await stoppedMidStep(prepaid.consignmentId, ['pickup', 'transit', 'out-for-delivery', 'refuse'], { status: 'returned', courierEvent: 'order.returned' });
    expect(await rowsOf(sql`SELECT refunded_at FROM bookings WHERE id = ${prepaid.bookingId}`)).toEqual([{ refunded_at: null }]);
    await racingPolls();
    // One refund at Stripe (the phone and its delivery fee), one recorded, one posting, the buyer told once, the phone on sale again.
    const intent = (await rowsOf<{ reference: string }>(sql`SELECT payment_intent_id AS reference FROM bookings WHERE id = ${prepaid.bookingId}`))[0]!.reference;
    expect((await h.stripeClient.refunds.list({ payment_intent: intent })).data).toHaveLength(1);
    expect(await rowsOf(sql`SELECT amount::int AS amount FROM refunds WHERE booking_id = ${prepaid.bookingId}`)).toEqual([{ amount: 3_011_000 }]);
    expect(await rowsOf(sql`SELECT count(DISTINCT posting)::int AS postings FROM ledger_entries WHERE booking_id = ${prepaid.bookingId} AND movement = 'refunded'`)).toEqual([{ postings: 1 }]);
    expect(json<NotificationPage>(await call(prepaid.buyer, 'GET', '/notifications')).items.filter((item) => item.kind === 'refunded')).toHaveLength(1);
    expect(json<{ status: string }>(await call(prepaid.buyer, 'GET', `/product/${prepaid.productId}`)).status).toBe('available');
    expect(await ledgerSum()).toBe(0);
  });

  it('applies a step kept but never applied (the instance stopped after answering the webhook), once, on whichever instance drains first', async () => {
    const cash = await sentParcel(45_000);
    h.pathao.switches.drop = 1;
    try {
      for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver'] as const) h.pathao.move(cash.consignmentId, move);
    } finally {
      h.pathao.switches.drop = 0;
    }
    // Kept as the webhook keeps it (twice: Pathao repeats itself), then the instance stopped.
    const step = { consignmentId: cash.consignmentId, status: 'delivered', courierEvent: 'order.delivered', at: new Date(), collected: 45_110 };
    for (let copy = 0; copy < 2; copy++) await h.database.db.execute(sql`INSERT INTO courier_inbox (courier, step) VALUES ('pathao', ${JSON.stringify(step)}::jsonb)`);
    await racingPolls();
    expect(await rowsOf(sql`SELECT count(*)::int AS n FROM courier_inbox`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`SELECT pe.status FROM parcel_events pe JOIN parcels pa ON pa.id = pe.parcel_id WHERE pa.consignment_id = ${cash.consignmentId} AND pe.status = 'delivered'`)).toHaveLength(1);
    expect(await rowsOf(sql`SELECT method, amount::int AS amount FROM payments WHERE booking_id = ${cash.bookingId}`)).toEqual([{ method: 'cash', amount: 4_500_000 }]);
    expect(await ledgerSum()).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
// Courier delivery (issue 45) against the local Pathao: the seller's pickup point, the fee quoted before booking,
// cash on delivery within its cap, "Send with the courier", and the parcel's steps from webhooks and from polling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Delivery, DeliveryQuote, DisputePage, Earnings, MoneyOverview, NotificationPage } from '@phonehaat/shared-api';
import { sql } from 'drizzle-orm';
import { DEV_WEBHOOK_SECRET, zonesOf } from '@phonehaat/fake-pathao';
import type { Payout } from '@phonehaat/fake-bkash';
import { auth, createHarness, json, type Harness } from './support/harness.js';
import { courierKit, dhanmondi, eventually, sylhet } from './support/courier.js';
import { createRefundRails } from '../src/modules/payments/index.js';
import type { PayoutRail } from '../src/modules/orders/index.js';

let h: Harness;
beforeAll(async () => {
  // Each journey here signs up its own seller and buyer: more than the 30 sign-ups a minute one address may make (the
  // limit itself is tested on its own).
  h = await createHarness({ COD_CAP: '60000', COD_REFUSALS_ALLOWED: '1', COURIER_POLL_AFTER_SECONDS: '0', AUTH_RATE_LIMIT_MAX: '100' });
  await h.integratePathao();
});
afterAll(() => h.close());

const { call, courierSeller, bookByCourier, webhook, deliveryOf, until, sentParcel } = courierKit(() => h);

describe("a seller's pickup address", () => {
  it('is kept once as a store on the courier, and read back; a wrong one is refused naming each field, in Bangla too', async () => {
    const seller = await h.register('Seller');
    expect(json(await call(seller, 'GET', '/pickup-address'))).toBeNull();
    const saved = await call(seller, 'PUT', '/pickup-address', dhanmondi);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual({ address: { ...dhanmondi, phone: '01811000111' }, courier: 'pathao' });
    expect([...h.pathao.stores.values()].some((store) => store.contact_number === '01811000111' && store.city_id === 1)).toBe(true);
    const stores = h.pathao.stores.size;
    expect((await call(seller, 'PUT', '/pickup-address', dhanmondi)).statusCode).toBe(200);
    expect(h.pathao.stores.size).toBe(stores); // the same address: the same store
    const wrong = await call(seller, 'PUT', '/pickup-address', { ...dhanmondi, district: 'sylhet', phone: '12345' }, 'bn');
    expect(wrong.statusCode).toBe(400);
    expect(json<{ fields: { field: string; message: string }[] }>(wrong).fields).toEqual(
      expect.arrayContaining([{ field: 'phone', message: 'বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২-৩৪৫৬৭৮' }]),
    );
    expect(json(await call(seller, 'GET', '/pickup-address'))).toMatchObject({ address: { district: 'dhaka' } });
    const buyer = await h.register('Buyer');
    expect((await call(buyer, 'PUT', '/pickup-address', dhanmondi)).statusCode).toBe(403);
  });
});

describe('the delivery fee, quoted before booking', () => {
  it("is the courier's price plan to the district: less within Dhaka than to Sylhet, shown with the phone as one total", async () => {
    const { productId } = await courierSeller(45_000);
    const buyer = await h.register('Buyer');
    const toSylhet = json<DeliveryQuote>(await call(buyer, 'GET', `/delivery/quote?productId=${productId}&district=sylhet`));
    expect(toSylhet).toEqual({
      productId,
      district: 'sylhet',
      zone: 'outside-dhaka',
      price: 45_000,
      agreed: false,
      deliveryFee: 110,
      total: 45_110,
      cashOnDelivery: { allowed: true, cap: 60_000, feeFirst: false, reason: null },
    });
    const inDhaka = json<DeliveryQuote>(await call(buyer, 'GET', `/delivery/quote?productId=${productId}&district=dhaka`));
    expect(inDhaka).toMatchObject({ zone: 'inside-dhaka', deliveryFee: 60, total: 45_060 });
  });

  it('says why cash on delivery cannot be chosen, and refuses an unknown district or a seller who does not send', async () => {
    const { productId } = await courierSeller(59_950);
    const buyer = await h.register('Buyer');
    expect(json<DeliveryQuote>(await call(buyer, 'GET', `/delivery/quote?productId=${productId}&district=sylhet`)).cashOnDelivery).toEqual({ allowed: false, cap: 60_000, feeFirst: false, reason: 'above-cap' });
    const unknown = await call(buyer, 'GET', `/delivery/quote?productId=${productId}&district=atlantis`);
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toMatch(/Choose a district/);
    const meets = await h.createProduct(await h.register('Seller'));
    const refused = await call(buyer, 'GET', `/delivery/quote?productId=${meets}&district=sylhet`, undefined, 'bn');
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('এই বিক্রেতা এখনও কুরিয়ারে ফোন পাঠান না: বরং বিক্রেতার সাথে দেখা করুন');
  });
});

describe('booking for courier delivery', () => {
  it('keeps the address, the fee quoted and cash on delivery; only the buyer and the seller see it', async () => {
    const { seller, productId } = await courierSeller();
    const buyer = await h.register('Buyer');
    const booked = await bookByCourier(buyer, productId);
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = json<{ insertedId: string }>(booked).insertedId;
    const seen = await deliveryOf(buyer, bookingId);
    // Before it is sent: the price and what the rider will collect at the door (the phone and the fee).
    expect(seen).toEqual({ bookingId, address: { ...sylhet, phone: '01712345678' }, cashOnDelivery: true, deliveryFee: 110, price: 45_000, cashToCollect: 45_110, parcel: null });
    expect(await deliveryOf(seller, bookingId)).toEqual(seen);
    expect((await call(await h.register('Buyer'), 'GET', `/bookings/${bookingId}/delivery`)).statusCode).toBe(403);
  });

  it('refuses cash above the cap, both ways at once, neither, and a wrong address, changing nothing', async () => {
    const { productId } = await courierSeller(59_950);
    const buyer = await h.register('Buyer');
    const aboveCap = await bookByCourier(buyer, productId, 'cash');
    expect(aboveCap.statusCode).toBe(409);
    expect(json(aboveCap).message).toBe('Cash on delivery is for parcels up to Tk 60,000: pay online for this one');
    const both = await call(buyer, 'POST', '/bookeditems', { id: productId, phone: '01712345678', meetingLocation: 'Uttara', courier: { address: sylhet, payment: 'online' } });
    expect(json(both)).toMatchObject({ statusCode: 400, message: expect.stringMatching(/Choose one: meet the seller or courier delivery/) });
    const neither = await call(buyer, 'POST', '/bookeditems', { id: productId, phone: '01712345678' });
    expect(json(neither).message).toMatch(/Meeting location is required/);
    const nowhere = await bookByCourier(buyer, productId, 'online', { ...sylhet, district: undefined });
    expect(json(nowhere)).toMatchObject({ statusCode: 400, fields: [{ field: 'courier.address.district', message: 'Choose a district' }] });
    const online = await bookByCourier(buyer, productId, 'online');
    expect(online.statusCode).toBe(201);
  });
});

describe('sending with the courier', () => {
  it("books the parcel from the seller's pickup, collecting the phone and the fee in cash; once, by its seller only", async () => {
    const { seller, productId } = await courierSeller(45_000);
    const buyer = await h.register('Buyer');
    const bookingId = json<{ insertedId: string }>(await bookByCourier(buyer, productId)).insertedId;
    expect((await call(await h.register('Seller'), 'POST', `/bookings/${bookingId}/parcel`)).statusCode).toBe(403);
    expect((await call(buyer, 'POST', `/bookings/${bookingId}/parcel`)).statusCode).toBe(403);
    const sent = await call(seller, 'POST', `/bookings/${bookingId}/parcel`);
    expect(sent.statusCode, sent.body).toBe(201);
    const { parcel } = json<Delivery>(sent);
    expect(parcel).toMatchObject({ courier: 'pathao', status: 'booked', cashToCollect: 45_110, events: [{ status: 'booked' }] });
    const onPathao = h.pathao.parcels.get(parcel!.consignmentId)!;
    expect(onPathao).toMatchObject({ merchant_order_id: bookingId, recipient_phone: '01712345678', amount_to_collect: 45_110, recipient_address: 'House 12, Road 3, near the Jame Masjid, Zindabazar, Sylhet' });
    expect(json(await call(seller, 'POST', `/bookings/${bookingId}/parcel`))).toMatchObject({ statusCode: 409, message: 'This phone was already sent' });
    // The courier's zone is the area's (issue 66): Zindabazar matches no zone of Sylhet's list, so the town's own.
    expect(onPathao.recipient_zone).toBe(zonesOf(onPathao.recipient_city!)!.find((zone) => zone.zone_name === 'Sylhet Sadar')!.zone_id);
    // Travelling to be paid at the door, the phone is off sale: nobody else can book or buy it meanwhile.
    expect(json<{ status: string }>(await call(buyer, 'GET', `/product/${productId}`)).status).toBe('sold');
    expect(json(await bookByCourier(await h.register('Buyer'), productId))).toMatchObject({ statusCode: 409, message: 'This phone has already been sold' });
    expect(h.pathao.parcels.size).toBeGreaterThan(0);
    const met = await h.book(buyer, await h.createProduct(seller));
    expect(json(await call(seller, 'POST', `/bookings/${met}/parcel`))).toMatchObject({ statusCode: 409, message: 'This booking is met in person, not sent by courier' });
    const unpaid = json<{ insertedId: string }>(await bookByCourier(buyer, await h.createProduct(seller), 'online')).insertedId;
    expect(json(await call(seller, 'POST', `/bookings/${unpaid}/parcel`))).toMatchObject({ statusCode: 409, message: 'The buyer has not paid yet: send the phone once they have' });
  });
});

describe("the parcel's steps", () => {
  it('follow the rider, by webhook, to both sides', async () => {
    const { seller, buyer, bookingId, consignmentId } = await sentParcel();
    // A rider's steps are minutes apart: each is heard before the next is made (out of order, a step passed over is
    // recorded but not told — the next test).
    const steps = [['pickup', 'picked-up'], ['transit', 'in-transit'], ['out-for-delivery', 'out-for-delivery'], ['deliver', 'delivered']] as const;
    let seen = await deliveryOf(buyer, bookingId);
    for (const [move, status] of steps) {
      h.pathao.move(consignmentId, move);
      seen = await until(buyer, bookingId, status);
    }
    expect(seen.parcel!.events.map((event) => event.status)).toEqual(['booked', 'picked-up', 'in-transit', 'out-for-delivery', 'delivered']);
    expect((await deliveryOf(seller, bookingId)).parcel!.status).toBe('delivered');
    // Each side is told of each step once, in the product (and by e-mail: the outbox).
    for (const [user, role] of [[buyer, 'buyer'], [seller, 'seller']] as const) {
      // The last step is told just after it is recorded.
      const told = await eventually(
        async () => json<NotificationPage>(await call(user, 'GET', '/notifications')).items.filter((item) => item.kind === 'parcel'),
        (parcelNews) => parcelNews.length >= 5,
      );
      expect(told.map((item) => item.params.step).sort()).toEqual(['booked', 'delivered', 'in-transit', 'out-for-delivery', 'picked-up']);
      expect(told.every((item) => item.params.role === role && item.params.productName === 'Galaxy S21')).toBe(true);
    }
  });

  it('hold the cash collected at the door as an online payment is: released by the buyer, the ledger summing to zero', async () => {
    const { seller, buyer, bookingId, consignmentId } = await sentParcel();
    const booking = async () => json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`));
    expect(await booking()).toMatchObject({ paid: false, held: null, paymentMethod: null });
    // Nothing can be confirmed before the phone arrives.
    expect((await call(buyer, 'GET', `/bookings/${bookingId}`)).statusCode).toBe(200);
    expect((await call(buyer, 'POST', `/bookings/${bookingId}/received`)).statusCode).toBe(409);
    const admin = await h.admin();
    const owedByCouriers = async () => json<MoneyOverview>(await call(admin, 'GET', '/admin/money')).owedByCouriers;
    const owedBefore = await owedByCouriers();
    for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver'] as const) h.pathao.move(consignmentId, move);
    await until(buyer, bookingId, 'delivered');
    // The sale is held just after the step is recorded.
    const held = await eventually(booking, (seen) => seen.paid);
    expect(held).toMatchObject({ paid: true, state: 'paid', paymentMethod: 'cash', held: { releasedAt: null, refundedAt: null } });
    expect(held.held!.handoverCode).toMatch(/^\d{6}$/);
    // The courier owes PhoneHaat the phone's price (its own fee it keeps); the money is held for the seller.
    const lines = async () =>
      (await h.database.db.execute(sql`SELECT movement, account, amount::int AS amount FROM ledger_entries WHERE booking_id = ${bookingId} ORDER BY id`)) as unknown as {
        rows: { movement: string; account: string; amount: number }[];
      };
    expect((await lines()).rows).toEqual([
      { movement: 'paid', account: 'courier:pathao', amount: 4_500_000 },
      { movement: 'paid', account: 'held', amount: -4_500_000 },
    ]);
    // The admin's Money page shows what the courier owes.
    expect((await owedByCouriers()) - owedBefore).toBe(4_500_000);
    // A second delivered webhook holds nothing twice.
    await h.app.inject({ method: 'POST', url: '/webhooks/pathao', headers: { 'x-pathao-signature': DEV_WEBHOOK_SECRET }, payload: { consignment_id: consignmentId, merchant_order_id: bookingId, store_id: 1, event: 'order.delivered', timestamp: `${new Date().toISOString().slice(0, 19)}+00:00`, updated_at: '2026-11-27 12:00:00', collected_amount: 45_110 } });
    expect((await lines()).rows).toHaveLength(2);
    expect((await call(buyer, 'POST', `/bookings/${bookingId}/received`)).statusCode).toBe(200);
    expect((await booking()).held!.releasedAt).not.toBeNull();
    const sale = json<Earnings>(await call(seller, 'GET', '/earnings')).sales.find((row) => row.bookingId === bookingId);
    expect(sale).toMatchObject({ method: 'cash', state: 'released', amount: 4_500_000 });
    const sums = (await h.database.db.execute(sql`SELECT coalesce(sum(amount), 0)::int AS total FROM ledger_entries WHERE booking_id = ${bookingId}`)) as unknown as { rows: { total: number }[] };
    expect(sums.rows[0]!.total).toBe(0);
  });

  it("dispute a cash sale (the phone does not work with the buyer's SIM): refunded by bKash to the number it was delivered to, once; reconciled with bKash", async () => {
    const { buyer, seller, bookingId, consignmentId } = await sentParcel();
    for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver'] as const) h.pathao.move(consignmentId, move);
    await until(buyer, bookingId, 'delivered');
    // Held just after the step: then it can be disputed.
    expect((await eventually(async () => json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)), (seen) => seen.paid)).paid).toBe(true);
    const opened = await call(buyer, 'POST', `/bookings/${bookingId}/dispute`, { reason: 'neir-blocked', note: 'My SIM says the handset is registered to someone else' });
    expect(opened.statusCode, opened.body).toBe(201);
    const disputeId = json<{ insertedId: string }>(opened).insertedId;
    const admin = await h.admin();
    // The admin sees where a refund would go: the buyer named none, so bKash on the number the parcel was delivered to.
    const queue = json<DisputePage>(await call(admin, 'GET', '/disputes'));
    expect(queue.cases.find((one) => one._id === disputeId)).toMatchObject({ method: 'cash', refundTo: { method: 'bkash', number: '01712345678', chosenByBuyer: false }, amount: 4_500_000 });
    const decide = (outcome: 'refund' | 'release') =>
      h.app.inject({ method: 'POST', url: `/disputes/${disputeId}/decision`, headers: auth(admin.accessToken), payload: { outcome, reason: 'The seller never de-registered it from NEIR' } });
    const payoutsBefore = h.bkash.counts.payouts;
    const refunded = await decide('refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Sent once, to that wallet, the phone's price (the courier's fee was the courier's); a second click refunds nothing more.
    expect(json(await decide('refund'))).toMatchObject({ statusCode: 409, message: 'This dispute was decided already: the money was refunded to the buyer' });
    expect(h.bkash.counts.payouts - payoutsBefore).toBe(1);
    expect(h.bkash.payouts.get(`dispute-refund-${disputeId}`)).toMatchObject({ receiverMSISDN: '01712345678', amount: '45000' });
    const booking = json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`));
    expect(booking.held).toMatchObject({ refundedAt: expect.any(String), releasedAt: null, dispute: { status: 'refunded' } });
    const told = json<NotificationPage>(await call(buyer, 'GET', '/notifications')).items.find((item) => item.kind === 'dispute-decided');
    expect(told?.params).toMatchObject({ outcome: 'refunded', amount: 45_000 });
    expect(json<Earnings>(await call(seller, 'GET', '/earnings')).sales.find((row) => row.bookingId === bookingId)).toMatchObject({ state: 'refunded' });
    // The ledger: the courier still owes the cash it collected; bKash's payout gave the held money back.
    const ledger = (await h.database.db.execute(sql`SELECT movement, account, amount::int AS amount FROM ledger_entries WHERE booking_id = ${bookingId} ORDER BY id`)) as unknown as { rows: { movement: string; account: string; amount: number }[] };
    expect(ledger.rows).toEqual([
      { movement: 'paid', account: 'courier:pathao', amount: 4_500_000 },
      { movement: 'paid', account: 'held', amount: -4_500_000 },
      { movement: 'refunded', account: 'held', amount: 4_500_000 },
      { movement: 'refunded', account: 'provider:bkash', amount: -4_500_000 },
    ]);
    // Reconciled against bKash's own record of the payout: no difference for this sale.
    const differences = async () => json<MoneyOverview>(await call(admin, 'GET', '/admin/money')).reconciliation.differences.filter((difference) => difference.reference.includes(disputeId));
    expect(await differences()).toEqual([]);
    // Had bKash no record of that payout, the Money page would name it.
    const payouts = h.bkash.payouts as Map<string, Payout>;
    const made = payouts.get(`dispute-refund-${disputeId}`)!;
    payouts.delete(`dispute-refund-${disputeId}`);
    try {
      expect(await differences()).toEqual([
        { method: 'bkash', reference: `dispute-refund-${disputeId}`, kind: 'refund', problem: 'missing-at-provider', ledgerAmount: 4_500_000, providerAmount: null },
      ]);
    } finally {
      payouts.set(`dispute-refund-${disputeId}`, made);
    }
  });

  it('refund a disputed cash sale to the Nagad account its buyer names with a code to their phone, once; refusing what does not fit', async () => {
    const { buyer, seller, bookingId, consignmentId } = await sentParcel();
    // Refused before any code is checked: a code that was never sent stands in (a person gets 3 codes in 15 minutes).
    const unsent = { verificationId: randomUUID(), code: '123456' };
    const wallet = (payload: object, who = buyer, language = 'en') =>
      h.app.inject({ method: 'PUT', url: `/bookings/${bookingId}/dispute/refund-wallet`, headers: { ...auth(who.accessToken), 'accept-language': language }, payload });
    // Nothing disputed yet: there is no refund to send anywhere.
    expect(json(await wallet({ method: 'nagad', number: '01811223344', confirmation: unsent }))).toMatchObject({ statusCode: 404 });
    for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver'] as const) h.pathao.move(consignmentId, move);
    await until(buyer, bookingId, 'delivered');
    await eventually(async () => json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)), (seen) => seen.paid);
    const opened = await call(buyer, 'POST', `/bookings/${bookingId}/dispute`, { reason: 'not-as-described', note: 'The screen has a crack the listing did not show' });
    const disputeId = json<{ insertedId: string }>(opened).insertedId;
    // The buyer sees where the refund would go before naming one: bKash, to the parcel's number.
    const before = json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)).held!.dispute!;
    expect(before.refundTo).toEqual({ method: 'bkash', number: '01712345678', chosenByBuyer: false, confirmedAt: null, failedAt: null });
    // Bad input: a number that is not a mobile, a wallet not offered, a wrong code, someone else: refused, nothing kept.
    const bad = await wallet({ method: 'nagad', number: '12345', confirmation: unsent }, buyer, 'bn');
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: { field: string; message: string }[] }>(bad).fields).toEqual([expect.objectContaining({ field: 'number', message: expect.stringMatching(/[\u0980-\u09FF]/) })]);
    expect(json(await wallet({ method: 'rocket', number: '01811223344', confirmation: unsent }))).toMatchObject({ statusCode: 400 });
    const wrongCode = await wallet({ method: 'nagad', number: '01811223344', confirmation: { ...(await h.confirmation(buyer)), code: '000000' } });
    expect(wrongCode.statusCode, wrongCode.body).toBe(400);
    expect((await wallet({ method: 'nagad', number: '01811223344', confirmation: unsent }, seller)).statusCode).toBe(403);
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)).held!.dispute!.refundTo).toMatchObject({ method: 'bkash', chosenByBuyer: false });
    // The admin refunds to the parcel's number by bKash first, and bKash refuses it: nothing refunded, the dispute open,
    // and the buyer asked to name another wallet.
    const admin = await h.admin();
    const decide = () => h.app.inject({ method: 'POST', url: `/disputes/${disputeId}/decision`, headers: auth(admin.accessToken), payload: { outcome: 'refund', reason: 'The crack is in the photos the buyer sent' } });
    h.bkash.switches.offline = true;
    try {
      expect((await decide()).statusCode).toBe(502);
    } finally {
      h.bkash.switches.offline = false;
    }
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)).held!.dispute).toMatchObject({ status: 'open', refundTo: { method: 'bkash', failedAt: expect.any(String) } });
    // The buyer names Nagad and a number of their own, with the code sent to their verified phone.
    const named = await wallet({ method: 'nagad', number: '01811-223344', confirmation: await h.confirmation(buyer) });
    expect(named.statusCode, named.body).toBe(200);
    expect(json(named)).toEqual({ method: 'nagad', number: '01811223344', chosenByBuyer: true, confirmedAt: expect.any(String), failedAt: null });
    const queue = json<DisputePage>(await call(admin, 'GET', '/disputes'));
    expect(queue.cases.find((one) => one._id === disputeId)?.refundTo).toMatchObject({ method: 'nagad', number: '01811223344', chosenByBuyer: true });
    const payoutsBefore = h.bkash.counts.payouts;
    const batchesBefore = h.nagad.batches.size;
    const refunded = await decide();
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(json(await decide())).toMatchObject({ statusCode: 409 });
    // Sent once, through Nagad's disbursement, to that number: nothing by bKash.
    expect(h.bkash.counts.payouts).toBe(payoutsBefore);
    const batches = [...h.nagad.batches.values()].filter((batch) => batch.title === `dispute-refund-${disputeId}`);
    expect(h.nagad.batches.size - batchesBefore).toBe(1);
    expect(batches).toEqual([expect.objectContaining({ status: 'Approved', items: [expect.objectContaining({ mobileNo: '01811223344', trxAmount: '45000' })] })]);
    // Decided: where it went can no longer change.
    const late = await wallet({ method: 'bkash', number: '01911223344', confirmation: unsent });
    expect(json(late)).toMatchObject({ statusCode: 409, message: 'This dispute was decided already: the money was refunded to the buyer' });
    const ledger = (await h.database.db.execute(sql`SELECT movement, account, amount::int AS amount FROM ledger_entries WHERE booking_id = ${bookingId} ORDER BY id`)) as unknown as { rows: { movement: string; account: string; amount: number }[] };
    expect(ledger.rows.slice(2)).toEqual([
      { movement: 'refunded', account: 'held', amount: 4_500_000 },
      { movement: 'refunded', account: 'provider:nagad', amount: -4_500_000 },
    ]);
    expect(json<Booking>(await call(buyer, 'GET', `/bookings/${bookingId}`)).held).toMatchObject({ refundedAt: expect.any(String), dispute: { status: 'refunded', refundTo: { method: 'nagad', number: '01811223344' } } });
    // The Money page names no difference for it (Nagad's disbursement has no call that reads a batch back).
    const differences = json<MoneyOverview>(await call(admin, 'GET', '/admin/money')).reconciliation.differences.filter((difference) => difference.reference.includes(disputeId));
    expect(differences).toEqual([]);
  });

  it('send a Nagad refund once when two workers ask for it at the same moment, and make a new batch for one whose answer never came', async () => {
    const notBkash: PayoutRail = { method: 'bkash', pay: async () => { throw new Error('not bKash here'); } };
    const rail = () => createRefundRails(h.env, h.database.db, notBkash).get('nagad')!;
    const [one, other] = [rail(), rail()];
    const sentFor = (invoice: string) => [...h.nagad.batches.values()].filter((batch) => batch.title === invoice);
    const invoice = `dispute-refund-${randomUUID()}`;
    const asked = { invoice, wallet: '01811223344', amount: 250_000 };
    const [first, second] = await Promise.all([one.pay(asked), other.pay(asked)]);
    expect(second).toEqual(first);
    // One batch approved, holding one item: the money went once (a batch the other made at once stays empty, unsent).
    const approved = sentFor(invoice).filter((batch) => batch.status === 'Approved');
    expect(approved).toEqual([expect.objectContaining({ batchId: first.transactionId, items: [expect.objectContaining({ mobileNo: '01811223344', trxAmount: '2500' })] })]);
    expect(sentFor(invoice).filter((batch) => batch.status !== 'Approved').every((batch) => batch.items.length === 0)).toBe(true);
    // Asked again (a retry after a lost answer): the same batch, nothing sent again; for another number, refused.
    expect(await one.pay(asked)).toEqual(first);
    await expect(other.pay({ ...asked, wallet: '01911223344' })).rejects.toThrow(/made for 01811223344/);
    expect(sentFor(invoice).filter((batch) => batch.status === 'Approved')).toHaveLength(1);

    // A worker that claimed a batch and never heard back (it crashed after Nagad took the item): its batch is given
    // up once stale, never approved, and a new one is sent, once.
    const lost = `dispute-refund-${randomUUID()}`;
    const stuck = rail();
    await h.database.db.execute(sql`INSERT INTO nagad_disbursements (invoice, batch_id, mobile_no, amount, stage, claimed_at) VALUES (${lost}, 'unknown', '01811223344', 250000, 'filling', now())`);
    // Still fresh: the other worker may be on it, so this one waits, then says so rather than send a second time.
    const waiting = createRefundRails(h.env, h.database.db, notBkash, { waitMs: 200 }).get('nagad')!;
    await expect(waiting.pay({ ...asked, invoice: lost })).rejects.toThrow(/being sent by another request/);
    await h.database.db.execute(sql`UPDATE nagad_disbursements SET claimed_at = now() - interval '1 hour' WHERE invoice = ${lost}`);
    const resent = await stuck.pay({ ...asked, invoice: lost });
    expect(resent.transactionId).not.toBe('unknown');
    expect(sentFor(lost)).toEqual([expect.objectContaining({ batchId: resent.transactionId, status: 'Approved', items: [expect.objectContaining({ trxAmount: '2500' })] })]);
  });

  it('set aside a kept step that cannot be applied, without holding up the steps after it', async () => {
    const { buyer, bookingId, consignmentId } = await sentParcel();
    // A step no statement can take (its cash is not a number), kept before the rider's next step.
    const poison = { consignmentId, status: 'delivered', courierEvent: 'order.delivered', at: new Date(), collected: 'lots' };
    await h.database.db.execute(sql`INSERT INTO courier_inbox (courier, step) VALUES ('pathao', ${JSON.stringify(poison)}::jsonb)`);
    h.pathao.move(consignmentId, 'pickup');
    expect((await until(buyer, bookingId, 'picked-up')).parcel!.status).toBe('picked-up');
    const kept = async () =>
      ((await h.database.db.execute(sql`SELECT attempts, failed IS NOT NULL AS "setAside" FROM courier_inbox WHERE step->>'consignmentId' = ${consignmentId}`)) as unknown as {
        rows: { attempts: number; setAside: boolean }[];
      }).rows;
    expect(await eventually(kept, (found) => found[0]?.setAside === true)).toEqual([{ attempts: 5, setAside: true }]);
    expect((await deliveryOf(buyer, bookingId)).parcel!.status).toBe('picked-up');
  });

  it('refuse a forged or stale webhook, change nothing for a duplicate, and never move a parcel back', async () => {
    const { buyer, bookingId, consignmentId } = await sentParcel();
    const step = (event: string, at = new Date()) => ({ consignment_id: consignmentId, merchant_order_id: bookingId, store_id: 1, event, timestamp: `${at.toISOString().slice(0, 19)}+00:00`, updated_at: '2026-11-27 12:00:00' });
    const forged = await webhook(step('order.delivered'), 'guessed-secret');
    expect(json(forged)).toMatchObject({ statusCode: 401, message: 'The webhook signature is not valid' });
    const stale = await webhook(step('order.delivered', new Date(Date.now() - 4 * 86_400_000)));
    expect(json(stale)).toMatchObject({ statusCode: 400, message: 'The webhook is too old to be believed: a replay is refused' });
    expect((await deliveryOf(buyer, bookingId)).parcel!.status).toBe('booked');
    // Each step is kept and answered at once, then applied: a duplicate and an older step arriving late change nothing.
    expect(json(await webhook(step('order.assigned-for-delivery')))).toEqual({ message: 'Received' });
    await until(buyer, bookingId, 'out-for-delivery');
    expect(json(await webhook(step('order.assigned-for-delivery')))).toEqual({ message: 'Received' });
    expect(json(await webhook(step('order.picked')))).toEqual({ message: 'Received' });
    // A parcel that is not PhoneHaat's is kept and applied to nothing.
    expect(json(await webhook({ ...step('order.delivered'), consignment_id: 'DL000000NOTOURS' }))).toEqual({ message: 'Received' });
    const kept = async () => ((await h.database.db.execute(sql`SELECT count(*)::int AS n FROM courier_inbox WHERE failed IS NULL`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await eventually(kept, (n) => n === 0)).toBe(0);
    const seen = await deliveryOf(buyer, bookingId);
    expect(seen.parcel!.status).toBe('out-for-delivery');
    expect(seen.parcel!.events.map((event) => event.status)).toEqual(['booked', 'picked-up', 'out-for-delivery']);
    const unknown = await h.app.inject({ method: 'POST', url: '/webhooks/redx', headers: { 'x-pathao-signature': DEV_WEBHOOK_SECRET }, payload: step('order.delivered') });
    expect(json(unknown)).toMatchObject({ statusCode: 400, message: expect.stringMatching(/courier must be pathao/) });
    const notJson = await h.app.inject({ method: 'POST', url: '/webhooks/pathao', headers: { 'x-pathao-signature': DEV_WEBHOOK_SECRET, 'content-type': 'application/json' }, payload: '{"event": ' });
    expect(json(notJson)).toMatchObject({ statusCode: 400, message: 'The webhook is not JSON' });
  });
});

describe('a parcel paid online', () => {
  async function paidParcel(harness: Harness) {
    const seller = await harness.register('Seller');
    expect((await harness.app.inject({ method: 'PUT', url: '/pickup-address', headers: auth(seller.accessToken), payload: dhanmondi })).statusCode).toBe(200);
    const productId = await harness.createProduct(seller, { name: 'Pixel 7', resalePrice: 30_000 });
    const buyer = await harness.register('Buyer');
    const booked = await harness.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload: { id: productId, phone: '01712345678', courier: { address: sylhet, payment: 'online' } } });
    const bookingId = json<{ insertedId: string }>(booked).insertedId;
    const transactionId = await harness.payByCard(buyer, bookingId);
    const paid = await harness.app.inject({ method: 'POST', url: '/payments', headers: auth(buyer.accessToken), payload: { bookingId, transactionId } });
    expect(paid.statusCode, paid.body).toBe(201);
    const read = async () => json<Booking>(await harness.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) }));
    // Paid online: the phone and the delivery fee quoted, as one charge (Tk 30,000 + Tk 110).
    expect((await harness.stripeClient.paymentIntents.retrieve((await read()).transactionId!)).amount).toBe(3_011_000);
    expect((await read()).delivery).toEqual({ cashOnDelivery: false, status: null, deliveryFee: 110, feeFirst: false, feePaid: false });
    // The buyer is told what they paid (the fee with it); the seller, the sale's amount.
    const paidNews = async (user: typeof buyer) =>
      json<NotificationPage>(await harness.app.inject({ method: 'GET', url: '/notifications', headers: auth(user.accessToken) })).items.find((item) => item.kind === 'paid')?.params.amount;
    expect(await paidNews(buyer)).toBe(30_110);
    expect(await paidNews(seller)).toBe(30_000);
    const send = async () => json<Delivery>(await harness.app.inject({ method: 'POST', url: `/bookings/${bookingId}/parcel`, headers: auth(seller.accessToken) })).parcel!.consignmentId;
    return { seller, buyer, productId, bookingId, read, send };
  }

  it('refused at the door: the buyer refunded through the provider that took it, once; the phone on sale again; the ledger at zero', async () => {
    const { buyer, productId, bookingId, read, send } = await paidParcel(h);
    expect((await read()).held).toMatchObject({ releasedAt: null, refundedAt: null });
    const consignmentId = await send();
    expect(h.pathao.parcels.get(consignmentId)).toMatchObject({ amount_to_collect: 0 });
    for (const [move, status] of [['pickup', 'picked-up'], ['transit', 'in-transit'], ['out-for-delivery', 'out-for-delivery'], ['refuse', 'returned']] as const) {
      h.pathao.move(consignmentId, move);
      await until(buyer, bookingId, status);
    }
    const booking = await eventually(read, (seen) => Boolean(seen.held?.refundedAt));
    expect(booking).toMatchObject({ state: 'returned', held: { releasedAt: null, refundedAt: expect.any(String) } });
    expect(json<{ status: string }>(await call(buyer, 'GET', `/product/${productId}`)).status).toBe('available');
    // Once: a second returned webhook refunds nothing more.
    await h.app.inject({ method: 'POST', url: '/webhooks/pathao', headers: { 'x-pathao-signature': DEV_WEBHOOK_SECRET }, payload: { consignment_id: consignmentId, merchant_order_id: bookingId, store_id: 1, event: 'order.returned', timestamp: `${new Date().toISOString().slice(0, 19)}+00:00`, updated_at: '2026-11-27 12:00:00', reason: 'Customer refused to receive the parcel' } });
    const ledger = (await h.database.db.execute(sql`SELECT movement, account, amount::int AS amount FROM ledger_entries WHERE booking_id = ${bookingId} ORDER BY id`)) as unknown as { rows: { movement: string; account: string; amount: number }[] };
    expect(ledger.rows).toEqual([
      // Paid: the phone held for the seller, the delivery fee owed to the courier.
      { movement: 'paid', account: 'provider:card', amount: 3_011_000 },
      { movement: 'paid', account: 'held', amount: -3_000_000 },
      { movement: 'paid', account: 'courier:pathao', amount: -11_000 },
      // Refunded, all of it: the fee given back is PhoneHaat's cost (the courier still charges it).
      { movement: 'refunded', account: 'held', amount: 3_000_000 },
      { movement: 'refunded', account: 'courier-charges', amount: 11_000 },
      { movement: 'refunded', account: 'provider:card', amount: -3_011_000 },
    ]);
    const refunds = (await h.database.db.execute(sql`SELECT count(*)::int AS n FROM refunds WHERE booking_id = ${bookingId}`)) as unknown as { rows: { n: number }[] };
    expect(refunds.rows[0]!.n).toBe(1);
    const told = json<NotificationPage>(await call(buyer, 'GET', '/notifications')).items.filter((item) => item.kind === 'refunded');
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ productName: 'Pixel 7', amount: 30_110 });
  });

  describe('held the set days', () => {
    let quick: Harness;
    afterAll(() => quick?.close());

    it('is not released by itself while it travels: its days count from its delivery', async () => {
      // 0.00003 days is 2.6 s.
      quick = await createHarness({ HOLD_DAYS: '0.00003', JOB_QUEUE: 'on', RELEASE_SWEEP_SECONDS: '1', JOB_POLL_SECONDS: '0.5' });
      await quick.integratePathao();
      const { buyer, bookingId, read, send } = await paidParcel(quick);
      const consignmentId = await send();
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect((await read()).held?.releasedAt, 'released while the phone travelled').toBeNull();
      for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver'] as const) quick.pathao.move(consignmentId, move);
      const view = async () => json<Delivery>(await quick.app.inject({ method: 'GET', url: `/bookings/${bookingId}/delivery`, headers: auth(buyer.accessToken) }));
      const deadline = Date.now() + 15_000;
      while (!(await read()).held?.releasedAt) {
        if (Date.now() > deadline) throw new Error(`not released within 15 s of its delivery (the parcel is ${(await view()).parcel?.status})`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await view()).parcel!.status).toBe('delivered');
    }, 40_000);
  });
});

describe('a parcel whose webhooks are lost', () => {
  let polled: Harness;
  beforeAll(async () => {
    // Parcels not heard of at once are asked about every second, through the job queue.
    polled = await createHarness({ JOB_QUEUE: 'on', JOB_POLL_SECONDS: '0.5', COURIER_POLL_SECONDS: '1', COURIER_POLL_AFTER_SECONDS: '0' });
  });
  afterAll(() => polled.close());

  it('reaches its true state by asking the courier: refused at the door, returned', async () => {
    const seller = await polled.register('Seller');
    const buyer = await polled.register('Buyer');
    const put = (url: string, payload: object) => polled.app.inject({ method: 'PUT', url, headers: auth(seller.accessToken), payload });
    expect((await put('/pickup-address', dhanmondi)).statusCode).toBe(200);
    const productId = await polled.createProduct(seller, { resalePrice: 30_000 });
    const booked = await polled.app.inject({ method: 'POST', url: '/bookeditems', headers: auth(buyer.accessToken), payload: { id: productId, phone: '01712345678', courier: { address: sylhet, payment: 'cash' } } });
    const bookingId = json<{ insertedId: string }>(booked).insertedId;
    const sent = await polled.app.inject({ method: 'POST', url: `/bookings/${bookingId}/parcel`, headers: auth(seller.accessToken) });
    const { consignmentId } = json<Delivery>(sent).parcel!;
    // No callback was ever given to this Pathao: every step is lost.
    for (const move of ['pickup', 'transit', 'out-for-delivery', 'refuse'] as const) polled.pathao.move(consignmentId, move);
    const view = async () => json<Delivery>(await polled.app.inject({ method: 'GET', url: `/bookings/${bookingId}/delivery`, headers: auth(buyer.accessToken) }));
    expect((await eventually(view, (seen) => seen.parcel!.status === 'returned', 200)).parcel!.status).toBe('returned');
    expect((await view()).parcel!.events.map((event) => event.status)).toEqual(['booked', 'returned']);
    // Refused at the door: nothing was charged, and the phone is on sale again.
    const product = await polled.app.inject({ method: 'GET', url: `/product/${productId}`, headers: auth(buyer.accessToken) });
    expect(json<{ status: string }>(product).status).toBe('available');
    expect(json<{ paid: boolean }>(await polled.app.inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: auth(buyer.accessToken) })).paid).toBe(false);
  });
});

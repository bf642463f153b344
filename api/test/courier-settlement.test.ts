// The courier's settlement (issue 45): Pathao pays PhoneHaat the cash its riders collected, less its charges, in
// payment invoices; the admin uploads the merchant panel's export, each parcel's receivable is settled in the ledger,
// and the Money page reconciles the report against PhoneHaat's parcels, naming every difference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourierSettlementsRecorded, MoneyOverview } from '@phonehaat/shared-api';
import { csvOf, type Invoice } from '@phonehaat/fake-pathao';
import { sql } from 'drizzle-orm';
import { createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { courierKit, eventually } from './support/courier.js';

let h: Harness;
let admin: TestUser;
beforeAll(async () => {
  h = await createHarness({ COD_CAP: '60000', COURIER_POLL_AFTER_SECONDS: '0' });
  await h.integratePathao();
  admin = await h.admin();
});
afterAll(() => h.close());

const { call, until, sentParcel, prepaidParcel } = courierKit(() => h);
const upload = (report: string, language = 'en', user: TestUser = admin) => call(user, 'POST', '/admin/courier-settlements', { report }, language);
const money = async () => json<MoneyOverview>(await call(admin, 'GET', '/admin/money'));
const ledgerSum = async () => ((await h.database.db.execute(sql`SELECT coalesce(sum(amount), 0)::int AS total, count(*)::int AS lines FROM ledger_entries`)) as unknown as { rows: { total: number; lines: number }[] }).rows[0]!;

/** A cash parcel to Sylhet delivered (its sale held) or refused at the door. */
async function parcel(end: 'deliver' | 'refuse', price = 45_000) {
  const sent = await sentParcel(price);
  for (const move of ['pickup', 'transit', 'out-for-delivery', end] as const) h.pathao.move(sent.consignmentId, move);
  await until(sent.buyer, sent.bookingId, end === 'deliver' ? 'delivered' : 'returned');
  if (end === 'deliver') {
    const held = async () => (await h.database.db.execute(sql`SELECT 1 FROM ledger_entries WHERE booking_id = ${sent.bookingId} AND account = 'courier:pathao'`)) as unknown as { rows: unknown[] };
    expect((await eventually(held, (found) => found.rows.length > 0)).rows).toHaveLength(1);
  }
  return sent;
}

/** Pathao pays the merchant: one invoice, and each parcel's `order.paid` heard. */
async function invoiced(): Promise<Invoice> {
  const invoice = h.pathao.invoice()!;
  const heard = async () => ((await h.database.db.execute(sql`SELECT count(*)::int AS n FROM parcels WHERE invoice_id = ${invoice.invoice_id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  expect(await eventually(heard, (n) => n === invoice.lines.length)).toBe(invoice.lines.length);
  return invoice;
}

/** The field a refusal names, and what it says of it. */
const said = (answer: Awaited<ReturnType<typeof upload>>) => json<{ fields: { field: string; message: string }[] }>(answer).fields[0];
const about = (overview: MoneyOverview, ...references: string[]) =>
  overview.reconciliation.differences.filter((difference) => difference.method === 'pathao' && references.some((reference) => difference.reference.includes(reference)));

describe("the courier's settlement report", () => {
  it("settles each parcel's cash in the ledger, once: the receivable closed, the courier's charges kept, nothing left to name", async () => {
    const delivered = await parcel('deliver');
    const refused = await parcel('refuse');
    // Paid online (the phone and the fee): PhoneHaat owes the courier the fee until its invoice deducts it.
    const prepaid = await prepaidParcel();
    for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver'] as const) h.pathao.move(prepaid.consignmentId, move);
    await until(prepaid.buyer, prepaid.bookingId, 'delivered');
    const before = await money();
    const invoice = await invoiced();
    // Pathao said it paid: until its report is recorded, the Money page names the invoice to upload.
    expect(about(await money(), invoice.invoice_id)).toEqual([
      { method: 'pathao', reference: invoice.invoice_id, kind: 'settlement', problem: 'report-not-recorded', ledgerAmount: null, providerAmount: null },
    ]);
    const lines = invoice.lines.filter((line) => [delivered.consignmentId, refused.consignmentId, prepaid.consignmentId].includes(line.consignment_id));
    // The rider collected the phone and the fee (45,110); Pathao keeps its fee and 1% for carrying the cash.
    expect(lines).toEqual([
      expect.objectContaining({ consignment_id: delivered.consignmentId, status: 'Delivered', collected_amount: 45_110, delivery_fee: 110, cod_fee: 451, payout: 44_549 }),
      expect.objectContaining({ consignment_id: refused.consignmentId, status: 'Return', collected_amount: 0, delivery_fee: 110, cod_fee: 0, payout: -110 }),
      expect.objectContaining({ consignment_id: prepaid.consignmentId, status: 'Delivered', collected_amount: 0, delivery_fee: 110, cod_fee: 0, payout: -110 }),
    ]);

    const recorded = await upload(csvOf(invoice));
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(json<CourierSettlementsRecorded>(recorded).recorded).toEqual([
      { courier: 'pathao', invoiceId: invoice.invoice_id, recordedAt: expect.any(String), parcels: invoice.lines.length, payout: invoice.total_payout * 100 },
    ]);
    const after = await money();
    expect(about(after, invoice.invoice_id, delivered.consignmentId, refused.consignmentId, prepaid.consignmentId)).toEqual([]);
    expect(after.settlements[0]).toMatchObject({ invoiceId: invoice.invoice_id, courier: 'pathao' });
    // The courier owes nothing more for them, nor is owed the prepaid parcel's fee; its charges are PhoneHaat's cost:
    // 451 for the cash, 110 for the return (the prepaid fee was the buyer's).
    expect(before.owedByCouriers - after.owedByCouriers).toBe(4_500_000 - 11_000);
    expect(after.courierCharges - before.courierCharges).toBe(45_100 + 11_000);
    const courierLines = (await h.database.db.execute(
      sql`SELECT coalesce(sum(amount), 0)::int AS owed FROM ledger_entries WHERE account = 'courier:pathao' AND booking_id IN (${delivered.bookingId}, ${refused.bookingId}, ${prepaid.bookingId})`,
    )) as unknown as { rows: { owed: number }[] };
    expect(courierLines.rows[0]!.owed).toBe(0);
    const settled = (await h.database.db.execute(
      sql`SELECT account, amount::int AS amount FROM ledger_entries WHERE movement = 'settled' AND booking_id = ${delivered.bookingId} ORDER BY account`,
    )) as unknown as { rows: { account: string; amount: number }[] };
    expect(settled.rows).toEqual([
      { account: 'bank', amount: 4_454_900 },
      { account: 'courier-charges', amount: 45_100 },
      { account: 'courier:pathao', amount: -4_500_000 },
    ]);
    expect((await ledgerSum()).total).toBe(0);

    // The same invoice again: refused whole, in the reader's language, nothing changed.
    const lines0 = (await ledgerSum()).lines;
    const again = await upload(csvOf(invoice), 'bn');
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe(`ইনভয়েস ${invoice.invoice_id} আগেই রাখা হয়েছে`);
    expect((await ledgerSum()).lines).toBe(lines0);
  });

  it('names every difference: cash the rider did not collect, a parcel PhoneHaat does not know, one paid twice, one left out', async () => {
    const settledBefore = await parcel('deliver', 20_000);
    const first = await invoiced();
    expect((await upload(csvOf(first))).statusCode).toBe(201);
    const short = await parcel('deliver', 30_000);
    const leftOut = await parcel('deliver', 25_000);
    const second = await invoiced();
    // The report as it came: the rider's cash 1,000 short, a stranger's parcel, the first invoice's parcel again, one parcel missing.
    const lineOf = (consignment: string) => second.lines.find((line) => line.consignment_id === consignment)!;
    const twice = first.lines.find((line) => line.consignment_id === settledBefore.consignmentId)!;
    const report: Invoice = {
      ...second,
      lines: [
        ...second.lines.filter((line) => line.consignment_id !== leftOut.consignmentId && line.consignment_id !== short.consignmentId),
        { ...lineOf(short.consignmentId), collected_amount: 29_110, payout: 28_699 },
        { consignment_id: 'DL999999UNKNOWN', merchant_order_id: null, status: 'Delivered', collected_amount: 5_000, delivery_fee: 60, cod_fee: 50, payout: 4_890 },
        twice,
      ],
    };
    const owedBefore = (await money()).owedByCouriers;
    expect((await upload(csvOf(report))).statusCode).toBe(201);
    const overview = await money();
    const differences = about(overview, short.consignmentId, 'DL999999UNKNOWN', settledBefore.consignmentId, leftOut.consignmentId);
    expect(differences).toEqual(
      expect.arrayContaining([
        { method: 'pathao', reference: `${short.consignmentId} (${second.invoice_id})`, kind: 'collected', problem: 'amount-differs', ledgerAmount: 3_011_000, providerAmount: 2_911_000 },
        { method: 'pathao', reference: `DL999999UNKNOWN (${second.invoice_id})`, kind: 'settlement', problem: 'missing-in-ledger', ledgerAmount: null, providerAmount: 489_000 },
        { method: 'pathao', reference: `${settledBefore.consignmentId} (${first.invoice_id})`, kind: 'settlement', problem: 'settled-twice', ledgerAmount: null, providerAmount: twice.payout * 100 },
        { method: 'pathao', reference: `${settledBefore.consignmentId} (${second.invoice_id})`, kind: 'settlement', problem: 'settled-twice', ledgerAmount: null, providerAmount: twice.payout * 100 },
        { method: 'pathao', reference: `${leftOut.consignmentId} (${second.invoice_id})`, kind: 'settlement', problem: 'missing-at-provider', ledgerAmount: null, providerAmount: null },
      ]),
    );
    expect(differences).toHaveLength(5);
    // What the ledger then says: the short parcel settled for what was paid, the rest its charge to look into; the
    // parcel left out still owed; the stranger's money in the bank, owed back to the courier until explained.
    expect(overview.owedByCouriers - owedBefore).toBe(-3_000_000 - 489_000);
    expect((await ledgerSum()).total).toBe(0);
  });

  it('refuses a report it cannot read, naming the row and the column in the reader’s language, and records nothing', async () => {
    const before = await ledgerSum();
    const header = 'Invoice ID,Consignment ID,Merchant Order ID,Status,Collected Amount,Delivery Fee,COD Fee,Payout';
    const cases: [string, string, string][] = [
      ['', 'Choose the settlement report (CSV)', 'সেটেলমেন্ট রিপোর্টটি (CSV) বেছে নিন'],
      [header, 'The report holds no parcel', 'রিপোর্টে কোনো পার্সেল নেই'],
      ['Invoice ID,Consignment ID,Status\nI1,C1,Delivered', 'The report has no column "Collected Amount"', 'রিপোর্টে "Collected Amount" কলামটি নেই'],
      [`${header}\nI1,C1,,Delivered,45110,110,451,44549\nI1,C2,,Delivered,lots,110,451,44549`, 'Row 3: Collected Amount must be a whole number of taka', 'সারি ৩: Collected Amount পূর্ণ টাকায় হতে হবে'],
      [`${header}\nI1,C1,,Lost,45110,110,451,44549`, 'Row 2: the status must be Delivered or Return', 'সারি ২: অবস্থা Delivered বা Return হতে হবে'],
      [`${header}\nI1,C1,,Delivered,45110,110,451,44549\nI1,C1,,Delivered,45110,110,451,44549`, 'Row 3: the consignment C1 is listed twice in invoice I1', 'সারি ৩: কনসাইনমেন্ট C1 ইনভয়েস I1-এ দুবার আছে'],
      [`${header}\nI1,"C1,45110`, 'The report could not be read as CSV: export the payment invoices from the courier’s merchant panel', 'রিপোর্টটি CSV হিসেবে পড়া গেল না: কুরিয়ারের মার্চেন্ট প্যানেল থেকে পেমেন্ট ইনভয়েসগুলো এক্সপোর্ট করুন'],
    ];
    for (const [report, english, bangla] of cases) {
      const answer = await upload(report);
      expect(answer.statusCode, report).toBe(400);
      expect(said(answer)).toEqual({ field: 'report', message: english });
      expect(said(await upload(report, 'bn'))).toEqual({ field: 'report', message: bangla });
    }
    expect(await ledgerSum()).toEqual(before);
    expect((await money()).settlements.some((settlement) => settlement.invoiceId === 'I1')).toBe(false);
  });
});

import type { DisputeReason, RefundTo, RefundWalletMethod } from '@phonehaat/shared-api';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bookings, deviceReports, disputes, payments, photos, products, refunds, walletPayments } from '../../../db/schema.ts';
import { conflict, invalid, notFound, providerFailed } from '../../../domain-error.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { Notifier } from '../../notifications/index.ts';
import type { ConfirmedPayment } from '../../payments/index.ts';
import type { Refunder, RefundGiven } from '../../payments/index.ts';
import type { AuditRecord } from '../../../audit/audit.ts';
import type { Recorded } from '../../notifications/index.ts';
import { isHeld, type Escrow } from './escrow.ts';
import { account, post } from './ledger.ts';

interface Admin {
  id: string;
  name: string;
}

interface DisputesDeps {
  escrow: Pick<Escrow, 'releaseIn' | 'afterRelease'>;
  /** The wallets a cash sale's refund can be sent to (bKash's payouts always; Nagad's disbursement where Nagad is on). */
  refundWallets: readonly RefundWalletMethod[];
  refund: Refunder;
  notifier: Pick<Notifier, 'record' | 'announce'>;
  audit: { record(tx: Tx, entry: AuditRecord): Promise<void> };
}

const DECIDED = (status: string) => `This dispute was decided already: the money was ${status === 'released' ? 'released to the seller' : 'refunded to the buyer'}`;

/** A dispute's refund, asked of the provider: its idempotency key (a cash sale's bKash payout: its invoice number). */
export const disputeRefundKey = (disputeId: string) => `dispute-refund-${disputeId}`;

const REFUND_SENT = 'The refund is being sent: where it goes can no longer be changed';
const NOT_CASH = 'Only a sale paid in cash at the door is refunded to a wallet you choose: a card or wallet payment goes back the way it was paid';
const NOT_OFFERED = 'Refunds to this wallet are not offered: choose another';

/** The booking's sale as the provider knows it, to refund it through the provider that took it. */
export async function paymentOf(tx: Db | Tx, bookingId: string): Promise<ConfirmedPayment> {
  const [row] = await tx
    .select({ payment: payments, intent: bookings.paymentIntentId, wallet: walletPayments.providerPaymentId, address: bookings.deliveryAddress, chosen: { method: disputes.refundMethod, number: disputes.refundNumber } })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(walletPayments, and(eq(walletPayments.bookingId, payments.bookingId), eq(walletPayments.transactionId, payments.transactionId)))
    .leftJoin(disputes, eq(disputes.bookingId, payments.bookingId))
    .where(eq(payments.bookingId, bookingId));
  const reference = row && (row.payment.method === 'card' ? row.intent : row.payment.method === 'cash' ? row.payment.transactionId : row.wallet);
  if (!row || !reference) throw new Error(`booking ${bookingId} has no payment to refund`);
  const { method, transactionId, amount, currency } = row.payment;
  if (method === 'cash') {
    // Cash the rider collected goes back to the wallet the buyer named (issue 69), else to bKash on the parcel's number.
    if (row.chosen?.method && row.chosen.number) return { method, bookingId, reference, transactionId, amount, currency, payTo: row.chosen.number, payVia: row.chosen.method };
    if (!row.address) throw new Error(`cash booking ${bookingId} has no delivery address to refund to`);
    return { method, bookingId, reference, transactionId, amount, currency, payTo: row.address.phone, payVia: 'bkash' };
  }
  return { method, bookingId, reference, transactionId, amount, currency };
}

/** A disputed cash sale whose refund's wallet may still be named: its dispute, or why not. */
async function refundWalletDispute(tx: Db | Tx, bookingId: string) {
  const [row] = await tx
    .select({ id: disputes.id, status: disputes.status, method: payments.method })
    .from(disputes)
    .innerJoin(payments, eq(payments.bookingId, disputes.bookingId))
    .where(eq(disputes.bookingId, bookingId));
  if (!row) throw notFound('Dispute');
  if (row.method !== 'cash') throw conflict(NOT_CASH);
  if (row.status === 'refunding') throw conflict(REFUND_SENT);
  if (row.status !== 'open') throw conflict(DECIDED(row.status));
  return row;
}

/**
 * Disputes of held sales (issue 33, decision 029). The buyer opens one while the money is held (nothing releases it
 * meanwhile); an admin refunds the buyer through the provider that took the payment, or releases the money to the
 * seller, with a reason both see and the audit log keeps. A refund is claimed first ('refunding', committed), asked of
 * the provider with the dispute's own idempotency key, then recorded with its ledger posting: two clicks, two admins or
 * a crash between the steps give one refund.
 */
export function createDisputes(db: Db, { escrow, refund, notifier, audit, refundWallets }: DisputesDeps) {

  async function saleOf(tx: Tx, bookingId: string) {
    const [row] = await tx
      .select({ booking: bookings, productId: products.id, productName: products.name, sellerId: products.sellerId })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(eq(bookings.id, bookingId));
    if (!row) throw notFound('Booking');
    return { ...row, listing: { id: row.productId, name: row.productName, sellerId: row.sellerId } };
  }

  async function lockDispute(tx: Tx, disputeId: string) {
    const [row] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
    if (!row) throw notFound('Dispute');
    return row;
  }

  const auditOf = (admin: Admin, action: 'refund-dispute' | 'release-dispute', bookingId: string, productName: string, reason: string): AuditRecord => ({
    actor: admin,
    action,
    target: { type: 'booking', id: bookingId, label: productName },
    reason,
  });

  /** Records a refund the provider made (once: the dispute row is locked and its status checked). */
  async function recordRefund(disputeId: string, admin: Admin, given: RefundGiven, payment: ConfirmedPayment) {
    return db.transaction(async (tx): Promise<Recorded | undefined> => {
      const dispute = await lockDispute(tx, disputeId);
      if (dispute.status === 'refunded') return undefined;
      const sale = await saleOf(tx, dispute.bookingId);
      const now = new Date();
      const reason = dispute.decisionReason ?? '';
      await tx.insert(refunds).values({
        bookingId: dispute.bookingId,
        providerPaymentId: payment.reference,
        refundId: given.id,
        amount: given.amount,
        currency: given.currency,
        reason,
        method: payment.method,
        status: given.state ?? 'refunded',
      });
      await tx.update(disputes).set({ status: 'refunded', decidedAt: now }).where(eq(disputes.id, disputeId));
      await tx.update(bookings).set({ refundedAt: now }).where(eq(bookings.id, dispute.bookingId));
      // Cash the courier collected (and still owes PhoneHaat) goes back out through the wallet it was sent to.
      await post(tx, 'refunded', dispute.bookingId, [
        [account.held, given.amount],
        [account.provider(payment.method === 'cash' ? (payment.payVia ?? 'bkash') : payment.method), -given.amount],
      ]);
      await audit.record(tx, auditOf(admin, 'refund-dispute', dispute.bookingId, sale.productName, reason));
      return notifier.record(tx, notificationEvents.disputeDecided(dispute.bookingId, sale.listing, sale.booking.buyerId, 'refunded', reason, given.amount / 100));
    });
  }

  return {
    /** The buyer disputes a held sale; its photos (their own uploads, on nothing yet) go with it. */
    async open(bookingId: string, buyer: { id: string; name: string }, input: { reason: DisputeReason; note: string; photoIds: string[] }): Promise<string> {
      const { id, told } = await db.transaction(async (tx) => {
        const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
        if (!booking) throw notFound('Booking');
        if (!isHeld(booking)) throw conflict('This payment is not held any more: it was released to the seller or refunded, so it cannot be disputed');
        const [earlier] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.bookingId, bookingId));
        if (earlier) throw conflict('You disputed this sale already: PhoneHaat’s team is looking at it');
        // "Not the phone that was tested" (issue 68) comes with the handover's check that says so, for the admin to read.
        const [check] =
          input.reason === 'not-tested-phone'
            ? await tx
                .select({ id: deviceReports.id, comparison: deviceReports.comparison })
                .from(deviceReports)
                .where(and(eq(deviceReports.bookingId, bookingId), eq(deviceReports.purpose, 'handover')))
                .orderBy(desc(deviceReports.createdAt))
                .limit(1)
            : [];
        if (input.reason === 'not-tested-phone' && (!check?.comparison || check.comparison.match)) {
          throw invalid('"Not the phone that was tested" needs a check at the handover that found another phone', 'reason');
        }
        const [dispute] = await tx.insert(disputes).values({ bookingId, reason: input.reason, note: input.note, handoverReportId: check?.id ?? null }).returning({ id: disputes.id });
        if (!dispute) throw new Error('dispute insert returned no row');
        if (input.photoIds.length) {
          const attached = await tx
            .update(photos)
            .set({ disputeId: dispute.id })
            .where(and(inArray(photos.id, input.photoIds), eq(photos.sellerId, buyer.id), isNull(photos.productId), isNull(photos.disputeId)))
            .returning({ id: photos.id });
          if (attached.length !== input.photoIds.length) throw invalid('A photo is not one you uploaded, or shows something else already', 'photoIds');
        }
        const sale = await saleOf(tx, bookingId);
        return { id: dispute.id, told: await notifier.record(tx, notificationEvents.disputed(bookingId, sale.listing, buyer.id, input.reason)) };
      });
      await notifier.announce(told);
      return id;
    },

    /**
     * The buyer of a disputed cash sale names the wallet and number its refund goes to (issue 69), while the dispute is
     * open. `confirm` checks the fresh code sent to their verified phone: asked only once the wallet may be named, so a
     * refusal does not spend it.
     */
    async chooseRefundWallet(bookingId: string, wallet: { method: RefundWalletMethod; number: string }, confirm: () => Promise<void>): Promise<RefundTo> {
      if (!refundWallets.includes(wallet.method)) throw invalid(NOT_OFFERED, 'method');
      await refundWalletDispute(db, bookingId);
      await confirm();
      return db.transaction(async (tx) => {
        // Locked, then checked again: an admin's refund claimed meanwhile keeps the wallet it was sent to.
        const { id } = await refundWalletDispute(tx, bookingId);
        const locked = await lockDispute(tx, id);
        if (locked.status !== 'open') throw conflict(locked.status === 'refunding' ? REFUND_SENT : DECIDED(locked.status));
        const confirmedAt = new Date();
        await tx.update(disputes).set({ refundMethod: wallet.method, refundNumber: wallet.number, refundConfirmedAt: confirmedAt, refundFailedAt: null }).where(eq(disputes.id, id));
        return { ...wallet, chosenByBuyer: true, confirmedAt: confirmedAt.toISOString(), failedAt: null };
      });
    },

    /** The admin gives the buyer their money back through the provider that took it. */
    async refund(disputeId: string, admin: Admin, reason: string): Promise<void> {
      const claimed = await db.transaction(async (tx) => {
        const dispute = await lockDispute(tx, disputeId);
        if (dispute.status === 'refunded' || dispute.status === 'released') throw conflict(DECIDED(dispute.status));
        // 'refunding': asked of the provider before (a crash, or another admin right now): asked again with the same key.
        if (dispute.status === 'open') {
          await tx.update(disputes).set({ status: 'refunding', decisionReason: reason, decidedBy: admin.id }).where(eq(disputes.id, disputeId));
        }
        return { bookingId: dispute.bookingId, payment: await paymentOf(tx, dispute.bookingId) };
      });
      let given: { id: string; amount: number; currency: string };
      try {
        given = await refund(claimed.payment, disputeRefundKey(disputeId), reason);
      } catch (error) {
        // Nothing was given back: the dispute is open again, for the admin to retry or decide otherwise. A wallet that
        // refused a cash refund (no account on that number) is marked, so its buyer is asked to name another.
        const failedAt = claimed.payment.method === 'cash' ? new Date() : undefined;
        await db.update(disputes).set({ status: 'open', decisionReason: null, decidedBy: null, refundFailedAt: failedAt }).where(and(eq(disputes.id, disputeId), eq(disputes.status, 'refunding')));
        throw providerFailed(`The refund could not be made (${claimed.payment.method}): ${(error as Error).message}. Nothing was refunded; try again.`);
      }
      await notifier.announce(await recordRefund(disputeId, admin, given, claimed.payment));
    },

    /** The admin releases the disputed money to the seller (less the fee), saying why. */
    async release(disputeId: string, admin: Admin, reason: string): Promise<void> {
      const told = await db.transaction(async (tx) => {
        const dispute = await lockDispute(tx, disputeId);
        if (dispute.status === 'refunding') throw conflict('A refund of this dispute is being made');
        if (dispute.status !== 'open') throw conflict(DECIDED(dispute.status));
        const sale = await saleOf(tx, dispute.bookingId);
        await tx.update(disputes).set({ status: 'released', decisionReason: reason, decidedBy: admin.id, decidedAt: new Date() }).where(eq(disputes.id, disputeId));
        const released = await escrow.releaseIn(tx, dispute.bookingId, 'admin');
        if (!released) throw conflict('This payment is not held any more');
        await audit.record(tx, auditOf(admin, 'release-dispute', dispute.bookingId, sale.productName, reason));
        const decided = await notifier.record(tx, notificationEvents.disputeDecided(dispute.bookingId, sale.listing, sale.booking.buyerId, 'released', reason, null));
        return { released, decided };
      });
      await notifier.announce(told.decided);
      await escrow.afterRelease(told.released);
    },
  };
}
export type Disputes = ReturnType<typeof createDisputes>;

import { setTimeout as sleep } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { WalletFailure, WalletPaymentResult } from '@phonehaat/shared-api';
import type { Env } from '../../config/env.ts';
import { DomainError, conflict, invalid, notFound, providerFailed } from '../../domain-error.ts';
import type { BookingRecord } from '../orders/index.ts';
import type { WalletPaymentRow, WalletPaymentsRepository } from './repositories/wallet-payments.ts';
import type { WalletMethod, WalletState } from './methods/types.ts';
import { assertPayableOnline, poishaDueOnline, type Settle } from './settlement.ts';

const names: Record<string, string> = { bkash: 'bKash', nagad: 'Nagad', sslcommerz: 'SSLCommerz' };
/** How long a start waits for another request (a second tab) to finish creating the booking's payment. */
const CREATING_WAIT_MS = 5000;
const SWEEP_BATCH = 20;
/** Notifications confirmed in the background at once by one instance, and how many may wait (more: the sweep's). */
const CONFIRMING_AT_ONCE = 2;
const CONFIRMING_QUEUE = 1000;
/**
 * A confirmation waits for a lull in this instance's notifications (none for QUIET_MS), at most DEFER_MS: under a burst
 * the acknowledgements, which the providers wait on, get the cores first (decision 056's measurements).
 */
const QUIET_MS = 25;
const DEFER_MS = 3000;
const IN_REVIEW = 'Your payment for this booking is being checked by PhoneHaat: you will be told when it is accepted or refunded';

interface Deps {
  methods: Map<string, WalletMethod>;
  repo: WalletPaymentsRepository;
  settle: Settle;
  env: Pick<Env, 'WEB_URL' | 'WALLET_SWEEP_SECONDS' | 'WALLET_SWEEP_AFTER_SECONDS' | 'WALLET_REUSE_MINUTES' | 'WALLET_GIVE_UP_MINUTES' | 'BKASH_TIMEOUT_MS'>;
  log: FastifyBaseLogger;
}

/** A wallet's refusal or absence as the buyer's request hears it. */
const unavailable = (method: string, error: unknown) =>
  providerFailed(`${names[method] ?? method} could not be reached to start the payment; try again, or pay by card${error instanceof Error ? ` (${error.message})` : ''}`);

/**
 * Paying from a wallet, for every wallet alike (decision 027). The server prices the booking, keeps one payment in
 * progress per booking, sends the buyer to the wallet's page, and records the sale only from the wallet's own answer
 * (execute, then its record), never from the callback's word; a sweep finishes what a closed tab or a timeout left.
 */
export function createWalletCheckout({ methods, repo, settle, env, log }: Deps) {
  const methodOf = (id: string) => {
    const method = methods.get(id);
    if (!method) throw notFound('Payment method');
    return method;
  };
  const callbackUrl = (bookingId: string, method: string) => `${env.WEB_URL.replace(/\/$/, '')}/dashboard/payment/${bookingId}?method=${method}`;
  /** bKash's payer reference fills in the wallet number on its page: the booking's phone when it is a Bangladeshi mobile. */
  const payerReference = (booking: BookingRecord) => {
    const digits = booking.phone.replace(/\D/g, '').replace(/^880/, '0');
    return /^01[3-9]\d{8}$/.test(digits) ? digits : booking._id.slice(0, 8);
  };

  /** Acts on what the wallet says; the sale is recorded (or refunded) by the settlement, once. */
  async function conclude(row: WalletPaymentRow, state: WalletState): Promise<WalletPaymentResult> {
    if (state.state === 'completed') {
      const settlement = await settle(row.bookingId, {
        method: row.method,
        bookingId: row.bookingId,
        reference: row.providerPaymentId!,
        transactionId: state.transactionId,
        amount: state.amount,
        currency: state.currency,
      });
      await repo.completed(row.id, state.transactionId);
      if (settlement.outcome === 'refunded') throw conflict(settlement.reason);
      return { outcome: 'paid', transactionId: settlement.transactionId };
    }
    if (state.state === 'review') {
      // Decided already by an admin: accepted (the sale recorded), or refunded in full.
      if (row.status === 'completed') return { outcome: 'paid', transactionId: row.transactionId ?? state.transactionId };
      if (row.status === 'refunded') return { outcome: 'refunded' };
      // Paid, and held for a person to look at (SSLCommerz's risk flag, a validation that does not match): no sale yet.
      await repo.review(row.id, state);
      log.warn({ walletPayment: row.id, bookingId: row.bookingId, method: row.method, reason: state.reason, amount: state.amount }, 'a payment is held for review');
      return { outcome: 'review' };
    }
    if (state.state === 'failed') {
      // A payment refused at execute (no balance) reads back as merely failed: the first, precise reason stays.
      const reason = row.status === 'failed' && row.failure ? (row.failure as WalletFailure) : state.failure;
      await repo.failed(row.id, reason);
      return { outcome: 'failed', reason };
    }
    return { outcome: 'pending' };
  }

  /** The booking's payment in progress, waiting a moment for one another request is creating. */
  async function inProgress(bookingId: string, method: string): Promise<WalletPaymentRow | undefined> {
    const deadline = Date.now() + CREATING_WAIT_MS;
    for (;;) {
      const row = await repo.unsettled(bookingId, method);
      if (row?.status !== 'creating' || Date.now() > deadline) return row;
      await sleep(100);
    }
  }

  /**
   * A notification acknowledged now and confirmed with the provider just after (issue 69: the provider waits on the
   * answer, and a flood of them must not wait on one another's provider calls): once per reference in flight in this
   * instance, a few at once. What a crash or an overflow drops is still open, so the sweep asks about it.
   */
  const background = pLimit(CONFIRMING_AT_ONCE);
  const confirming = new Set<string>();
  let lastNotice = 0;
  async function lull() {
    const asked = performance.now();
    while (performance.now() - lastNotice < QUIET_MS && performance.now() - asked < DEFER_MS) await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  }
  function confirmSoon(methodId: string, reference: string) {
    lastNotice = performance.now();
    if (confirming.has(reference) || background.pendingCount >= CONFIRMING_QUEUE) return;
    confirming.add(reference);
    void background(async () => {
      await lull();
      return confirmed(methodId, reference);
    })
      .catch((error: unknown) => log.warn({ err: error, method: methodId, reference }, 'a notified payment could not be confirmed now; the sweep asks again'))
      .finally(() => confirming.delete(reference));
  }

  /** The provider's word on one of its payments, concluded once (a completed or refunded one is left as it is). */
  async function confirmed(methodId: string, reference: string): Promise<WalletPaymentResult> {
    const method = methodOf(methodId);
    const row = await repo.byReference(reference);
    if (!row || row.method !== methodId) throw notFound(`${names[methodId]} payment`);
    if (row.status === 'completed') return { outcome: 'paid', transactionId: row.transactionId ?? '' };
    if (row.status === 'refunded') return { outcome: 'refunded' };
    try {
      return await conclude(row, await method.lookup(reference));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The provider unreachable: nothing recorded; it posts again, and the buyer's page and the sweep ask too.
      log.warn({ err: error, walletPayment: row.id }, 'a payment could not be confirmed with its provider');
      throw providerFailed(`${names[methodId]} could not be reached to confirm the payment; it is checked again shortly, and you will not be charged twice`);
    }
  }

  return {
    /** Where to send the buyer: the payment in progress for this booking (two tabs, a reload, a double click), or a new one. */
    async start(booking: BookingRecord, methodId: string): Promise<{ redirectUrl: string }> {
      const method = methodOf(methodId);
      const amount = poishaDueOnline(booking);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        assertPayableOnline(booking);
        if (!booking.available) throw conflict('This phone is no longer available');
        if (await repo.inReview(booking._id)) throw conflict(IN_REVIEW);
        const current = await inProgress(booking._id, methodId);
        if (current?.status === 'creating') throw conflict(`A ${names[methodId]} payment is being started for this booking in another tab; try again in a moment`);
        if (current) {
          const fresh = Date.now() - current.createdAt.getTime() < env.WALLET_REUSE_MINUTES * 60_000;
          if (fresh && current.amount === amount && current.redirectUrl) return { redirectUrl: current.redirectUrl };
          // Too old to offer again (its page may have expired) or priced before a change: settle it by the wallet's word.
          const result = await conclude(current, await method.lookup(current.providerPaymentId!));
          if (result.outcome === 'paid') throw conflict('This booking is already paid');
          if (result.outcome === 'pending') await repo.failed(current.id, 'timed_out');
        }
        const row = await repo.begin(booking._id, methodId, amount);
        if (!row) continue;
        let created;
        try {
          created = await method.create({
            amount,
            invoice: row.id,
            payerReference: payerReference(booking),
            callbackUrl: callbackUrl(booking._id, methodId),
            bookingId: booking._id,
            customer: { name: booking.userName, email: booking.email, phone: booking.phone },
            productName: booking.name,
          });
        } catch (error) {
          await repo.failed(row.id, 'unavailable');
          log.warn({ err: error, bookingId: booking._id, method: methodId }, 'a wallet payment could not be created');
          throw unavailable(methodId, error);
        }
        await repo.opened(row.id, created.reference, created.redirectUrl);
        return { redirectUrl: created.redirectUrl };
      }
      throw conflict('This booking’s payment is changing in another tab; try again in a moment');
    },

    /** The buyer is back from the wallet's page: executes an approved payment and says how it ended. */
    async complete(booking: BookingRecord, methodId: string, { paymentId, status }: { paymentId: string; status: 'success' | 'failure' | 'cancel' }): Promise<WalletPaymentResult> {
      const method = methodOf(methodId);
      const row = await repo.byReference(paymentId);
      if (!row || row.method !== methodId) throw notFound(`${names[methodId]} payment`);
      if (row.bookingId !== booking._id) throw invalid('This payment belongs to another booking', 'paymentId');
      // Given back in full already (a refused review): nothing more to ask the provider, nothing to settle again.
      if (row.status === 'refunded') return { outcome: 'refunded' };
      try {
        // The callback's status only says whether to execute; what happened is what the wallet answers.
        const state = status === 'success' && row.status !== 'completed' ? await method.execute(paymentId) : await method.lookup(paymentId);
        if (state.state === 'open') {
          if (status === 'success') throw conflict(`${names[methodId]} has not completed this payment`);
          throw conflict(`${names[methodId]} says this payment is still in progress`);
        }
        return await conclude(row, state);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        // The wallet unreachable or refusing: nothing was recorded; the payment stays open for the next try and the sweep.
        log.warn({ err: error, walletPayment: row.id }, 'a wallet payment could not be confirmed');
        throw providerFailed(`${names[methodId]} could not be reached to confirm the payment; it is checked again shortly, and you will not be charged twice`);
      }
    },

    /**
     * The provider's notification (SSLCommerz's IPN) that a payment moved: checked for its signature, then the payment
     * is asked of the provider itself and concluded as a return would be. Safe to repeat, in any order with the return.
     */
    /**
     * The provider's notification (SSLCommerz's IPN) that a payment moved: checked for its signature and that it is about
     * one of our payments, acknowledged, and the payment asked of the provider itself just after (confirmSoon), as a
     * return would be. Safe to repeat, in any order with the return.
     */
    async notified(methodId: string, fields: Record<string, string>, reference: string): Promise<void> {
      if (!methodOf(methodId).signed?.(fields)) {
        log.warn({ method: methodId, reference }, 'a payment notification with a wrong signature was refused');
        throw invalid(`This notification is not signed by ${names[methodId]}`, 'verify_sign');
      }
      const row = await repo.byReference(reference);
      if (!row || row.method !== methodId) throw notFound(`${names[methodId]} payment`);
      if (row.status === 'open' || row.status === 'creating') confirmSoon(methodId, reference);
    },

    /**
     * A payment the provider's page sent the buyer back about (Nagad's callback, which carries no signature): asked of
     * the provider just after, as a notification is; the buyer's page asks again and shows how it ended.
     */
    returned(methodId: string, reference: string): void {
      methodOf(methodId);
      confirmSoon(methodId, reference);
    },

    /** The provider's word on a payment, concluded now (what the background confirmation runs). */
    confirm: confirmed,

    /** The booking a payment attempt belongs to (the return from a provider's page names only the attempt). */
    bookingOf: async (methodId: string, reference: string) => {
      const row = await repo.byReference(reference);
      return row?.method === methodId ? row.bookingId : undefined;
    },

    /**
     * Asks the wallets about payments left open (a tab closed on the wallet's page, a callback lost, an execute that
     * timed out), executes the approved ones, and records what completed. Safe on every instance at once.
     */
    async sweep(): Promise<number> {
      // Each open payment is asked about at most once a sweep period, by one instance (a slower check overlapping the
      // next is harmless: every step is idempotent).
      const claimed = await repo.claim({ afterSeconds: env.WALLET_SWEEP_AFTER_SECONDS, leaseSeconds: env.WALLET_SWEEP_SECONDS, limit: SWEEP_BATCH });
      let settled = 0;
      for (const row of claimed) {
        const method = methods.get(row.method);
        try {
          const expired = Date.now() - row.createdAt.getTime() > env.WALLET_GIVE_UP_MINUTES * 60_000;
          if (!method || !row.providerPaymentId) {
            // Its process died while creating it (nobody has its page), or its wallet was turned off.
            if (expired || !method || Date.now() - row.createdAt.getTime() > 2 * env.BKASH_TIMEOUT_MS) await repo.failed(row.id, 'unavailable');
            continue;
          }
          let state = await method.lookup(row.providerPaymentId);
          // Approved on the wallet's page but never executed (the buyer never came back): execute it now.
          if (state.state === 'open') state = await method.execute(row.providerPaymentId);
          if (state.state === 'open' && expired) state = { state: 'failed', failure: 'timed_out' satisfies WalletFailure };
          const result = await conclude(row, state).catch((error: unknown) => {
            if (error instanceof DomainError && error.kind === 'conflict') return { outcome: 'refunded' as const };
            throw error;
          });
          if (result.outcome === 'paid' || result.outcome === 'refunded') settled += 1;
        } catch (error) {
          log.warn({ err: error, walletPayment: row.id }, 'a wallet payment could not be checked; the next sweep tries again');
        }
      }
      return settled;
    },
  };
}
export type WalletCheckout = ReturnType<typeof createWalletCheckout>;

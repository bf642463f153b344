import { SslcommerzError, SslcommerzTimeout, type SslcommerzClient, type SslcommerzTransaction } from './sslcommerz-client.ts';
import { poishaOf, takaText } from './amounts.ts';
import type { WalletMethod, WalletState } from './types.ts';

/** SSLCommerz's tran_id (at most 30 characters) for one of our payment attempts. */
export const tranIdOf = (invoice: string) => invoice.replace(/-/g, '').slice(0, 30);
const PAID = new Set(['VALID', 'VALIDATED']);

export interface SslcommerzAddresses {
  /** Where SSLCommerz sends the buyer back (a form POST to the API, which checks and sends them on to their page). */
  returnUrl: (outcome: 'success' | 'fail' | 'cancel') => string;
  /** Where SSLCommerz posts its IPN. */
  ipnUrl: string;
}

/**
 * SSLCommerz (issue 69) as a way to pay: local cards, internet banking and other wallets on its hosted page. A payment
 * counts only once the validation API confirms it (never the return or the IPN alone): VALID or VALIDATED, for the
 * amount the transaction query reports, in BDT; SSLCommerz's risk_level 1 is held for the admin's review.
 */
export function createSslcommerzMethod(client: SslcommerzClient, addresses: SslcommerzAddresses): WalletMethod {
  /** The validation API's word on a paid attempt. */
  async function confirm(attempt: SslcommerzTransaction): Promise<WalletState> {
    const validated = await client.validate(attempt.val_id ?? '');
    if (!PAID.has(validated.status)) return { state: 'unknown' };
    const amount = poishaOf(validated.amount);
    const currency = (validated.currency_type || validated.currency || '').toLowerCase();
    const transactionId = validated.bank_tran_id ?? attempt.bank_tran_id ?? '';
    const found = { transactionId, amount, currency };
    // The validation must be about this transaction and say what the transaction says; otherwise a person looks.
    if (validated.tran_id !== attempt.tran_id || amount !== poishaOf(attempt.amount) || Number.isNaN(amount)) return { state: 'review', reason: 'mismatch', ...found };
    if (validated.risk_level === '1') return { state: 'review', reason: 'risky', ...found };
    return { state: 'completed', ...found };
  }

  async function lookup(tranId: string): Promise<WalletState> {
    try {
      const attempts = await client.transactions(tranId);
      const paid = attempts.find((attempt) => PAID.has(attempt.status) && attempt.val_id);
      if (paid) return await confirm(paid);
      const statuses = new Set(attempts.map((attempt) => attempt.status));
      if (statuses.has('PENDING') || statuses.size === 0) return { state: 'open' };
      if (statuses.has('CANCELLED') || statuses.has('UNATTEMPTED')) return { state: 'failed', failure: 'cancelled' };
      if (statuses.has('EXPIRED')) return { state: 'failed', failure: 'timed_out' };
      return { state: 'failed', failure: 'declined' };
    } catch (error) {
      if (error instanceof SslcommerzTimeout) return { state: 'unknown' };
      throw error;
    }
  }

  return {
    id: 'sslcommerz',
    async create({ amount, invoice, customer, productName, bookingId }) {
      const tranId = tranIdOf(invoice);
      const session = await client.startSession({
        total_amount: (amount / 100).toFixed(2),
        currency: 'BDT',
        tran_id: tranId,
        success_url: addresses.returnUrl('success'),
        fail_url: addresses.returnUrl('fail'),
        cancel_url: addresses.returnUrl('cancel'),
        ipn_url: addresses.ipnUrl,
        cus_name: customer.name || 'PhoneHaat buyer',
        cus_email: customer.email || 'no-email@phonehaat.com.bd',
        cus_phone: customer.phone,
        cus_add1: 'Dhaka',
        cus_city: 'Dhaka',
        cus_country: 'Bangladesh',
        shipping_method: 'NO',
        product_name: productName.slice(0, 255),
        product_category: 'Mobile phone',
        product_profile: 'physical-goods',
        value_a: bookingId,
      });
      return { reference: tranId, redirectUrl: session.pageUrl };
    },
    // Nothing to execute: the buyer's payment on the hosted page is final once the validation API confirms it.
    execute: lookup,
    lookup,
    signed: (fields) => client.signed(fields),

    async refund(payment, reason) {
      const answer = await client.refund({ bankTranId: payment.transactionId, amount: takaText(payment.amount), remarks: reason.slice(0, 255), refeId: payment.reference });
      if (answer.APIConnect !== 'DONE' || !answer.refund_ref_id || (answer.status !== 'success' && answer.status !== 'processing'))
        throw new SslcommerzError(`SSLCommerz refused the refund of ${payment.transactionId}: ${answer.errorReason || answer.status || answer.APIConnect}`);
      // 'success' is SSLCommerz's "refund initiated" (and 'processing' one initiated before): the money is back with the
      // buyer only once its refund query says 'refunded' (refund-follower.ts asks).
      return { id: answer.refund_ref_id, amount: payment.amount, currency: 'bdt', state: 'processing' };
    },

    /** The refund query's word on a refund SSLCommerz took as 'processing'. */
    async refundState(refundRefId) {
      try {
        const answer = await client.refundStatus(refundRefId);
        if (answer.status === 'refunded') return 'refunded';
        if (answer.status === 'processing') return 'processing';
        return answer.APIConnect === 'DONE' && answer.status ? 'failed' : 'unknown';
      } catch (error) {
        if (error instanceof SslcommerzTimeout) return 'unknown';
        throw error;
      }
    },
  };
}

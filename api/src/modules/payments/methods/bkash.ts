import { BkashApiError, BkashTimeout, type BkashClient } from './bkash-client.ts';
import type { WalletMethod, WalletState } from './types.ts';
import { poishaOf, takaText } from './amounts.ts';

/** Poisha as bKash writes amounts: "21000" or "21000.50". */
export const bkashAmount = takaText;
export { poishaOf };

type Answer = Awaited<ReturnType<BkashClient['status']>>;

/** bKash's transactionStatus in the words the checkout uses. */
function stateOf(answer: Answer): WalletState {
  switch (answer.transactionStatus) {
    case 'Completed':
      return { state: 'completed', transactionId: answer.trxID ?? '', amount: poishaOf(answer.amount), currency: (answer.currency ?? '').toLowerCase() };
    case 'Initiated':
      return { state: 'open' };
    case 'Cancelled':
      return { state: 'failed', failure: 'cancelled' };
    case 'Expired':
      return { state: 'failed', failure: 'timed_out' };
    default:
      return { state: 'failed', failure: 'declined' };
  }
}

/** bKash's Tokenized Checkout as a wallet method (issue 32). */
export function createBkashMethod(client: BkashClient): WalletMethod {
  async function lookup(reference: string): Promise<WalletState> {
    try {
      return stateOf(await client.status(reference));
    } catch (error) {
      if (error instanceof BkashTimeout) return { state: 'unknown' };
      throw error;
    }
  }

  return {
    id: 'bkash',
    async create({ amount, invoice, payerReference, callbackUrl }) {
      const created = await client.create({ payerReference, callbackURL: callbackUrl, amount: bkashAmount(amount), merchantInvoiceNumber: invoice });
      if (!created.paymentID || !created.bkashURL) throw new BkashApiError('?', 'bKash returned no payment id or page');
      return { reference: created.paymentID, redirectUrl: created.bkashURL };
    },

    async execute(reference) {
      try {
        return stateOf(await client.execute(reference));
      } catch (error) {
        if (error instanceof BkashApiError) {
          if (error.code === '2023') return { state: 'failed', failure: 'insufficient_balance' };
          // Not approved on bKash's page yet: still the buyer's to finish.
          if (error.code === '2060') return { state: 'open' };
          // Executed already (a second tab, another instance), or no longer executable: bKash's record says which.
          if (error.code === '2062' || error.code === '2056') return lookup(reference);
        }
        // Timed out: bKash may have moved the money; its record says.
        if (error instanceof BkashTimeout) return lookup(reference);
        throw error;
      }
    },

    lookup,

    async refund(payment, reason) {
      const asRefund = (answer: Answer) => ({ id: answer.refundTrxID ?? '', amount: poishaOf(answer.amount), currency: 'bdt' });
      // bKash has no idempotency key: it refuses a refund beyond the amount paid, and tells how a payment was refunded.
      const earlier = await client.refundStatus(payment.reference, payment.transactionId).catch(() => undefined);
      if (earlier?.refundTrxID) return asRefund(earlier);
      try {
        return asRefund(
          await client.refund({ paymentID: payment.reference, trxID: payment.transactionId, amount: bkashAmount(payment.amount), sku: 'phone', reason: reason.slice(0, 255) }),
        );
      } catch (error) {
        // Refunded meanwhile by another instance: that refund is the one.
        if (error instanceof BkashApiError && error.code === '2034') return asRefund(await client.refundStatus(payment.reference, payment.transactionId));
        throw error;
      }
    },
  };
}

import { createHash } from 'node:crypto';
import { NagadError, NagadTimeout, type NagadClient, type NagadVerified } from './nagad-client.ts';
import { poishaOf, takaText } from './amounts.ts';
import type { WalletMethod, WalletState } from './types.ts';

/** Nagad's orderId (letters and digits, at most 20) for one of our payment attempts. */
export const orderIdOf = (invoice: string) => invoice.replace(/-/g, '').slice(0, 20);

/** What we give Nagad to keep with the order and show back in verify: our order and the amount asked. */
interface Asked {
  invoice?: string;
  amount?: string;
}
function askedOf(verified: NagadVerified): Asked {
  try {
    return typeof verified.additionalMerchantInfo === 'string' ? (JSON.parse(verified.additionalMerchantInfo) as Asked) : ((verified.additionalMerchantInfo as Asked | null) ?? {});
  } catch {
    return {};
  }
}

/**
 * Nagad (issue 69) as a way to pay: the buyer approves on Nagad's own page (number, OTP, PIN) and comes back through
 * the API's callback; the payment counts only once Nagad's verify call says Success for this merchant, the order asked
 * and the amount asked (another amount is held for the admin's review, as SSLCommerz's mismatches are).
 */
export function createNagadMethod(client: NagadClient, addresses: { callbackUrl: string; merchantId: string }): WalletMethod {
  async function lookup(reference: string): Promise<WalletState> {
    let verified: NagadVerified;
    try {
      verified = await client.verify(reference);
    } catch (error) {
      if (error instanceof NagadTimeout) return { state: 'unknown' };
      throw error;
    }
    switch (verified.status) {
      case 'Success': {
        const asked = askedOf(verified);
        const found = { transactionId: verified.issuerPaymentRefNo ?? '', amount: poishaOf(verified.amount), currency: 'bdt' };
        if (verified.merchantId !== addresses.merchantId || verified.paymentRefId !== reference) return { state: 'unknown' };
        if (verified.orderId !== asked.invoice || verified.amount !== asked.amount || Number.isNaN(found.amount)) return { state: 'review', reason: 'mismatch', ...found };
        return { state: 'completed', ...found };
      }
      case 'Initiated':
      case 'Ready':
        return { state: 'open' };
      case 'Aborted':
        return { state: 'failed', failure: 'cancelled' };
      case 'Failed':
        return { state: 'failed', failure: 'declined' };
      default:
        // A status this client does not know decides nothing: the sweep asks again.
        return { state: 'unknown' };
    }
  }

  return {
    id: 'nagad',
    async create({ amount, invoice, productName }) {
      const orderId = orderIdOf(invoice);
      const asked = takaText(amount);
      const { paymentReferenceId, pageUrl } = await client.checkout({
        orderId,
        amount: asked,
        callbackUrl: addresses.callbackUrl,
        additional: { invoice: orderId, amount: asked, productName: productName.slice(0, 100) },
      });
      return { reference: paymentReferenceId, redirectUrl: pageUrl };
    },
    // Nothing to execute: a payment the buyer approved on Nagad's page is final once verify says Success.
    execute: lookup,
    lookup,

    async refund(payment, reason) {
      // Nagad's refund names the order's date and amount as Nagad recorded them.
      const verified = await client.verify(payment.reference);
      const referenceNo = `R${createHash('sha256').update(payment.reference).digest('hex').slice(0, 19)}`;
      const answer = await client.refund({
        paymentReferenceId: payment.reference,
        originalAmount: verified.amount ?? takaText(payment.amount),
        cancelAmount: takaText(payment.amount),
        originalRequestDate: (verified.orderDateTime ?? '').slice(0, 8),
        referenceNo,
        message: reason.slice(0, 100),
      });
      if (answer.status !== 'Success') throw new NagadError(`Nagad refused the refund of ${payment.transactionId}: ${answer.status}`);
      return { id: answer.cancelTrxId ?? referenceNo, amount: poishaOf(answer.cancelAmount ?? takaText(payment.amount)), currency: 'bdt' };
    },
  };
}

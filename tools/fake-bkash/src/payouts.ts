import { BkashError, bkashTime, code, ok, poishaOf, text } from './api.js';
import { isWalletNumber } from './wallets.js';

/** A payout (bKash's B2C disbursement) from the merchant's disbursement account to a customer's wallet. */
export interface Payout {
  trxID: string;
  amount: string;
  currency: 'BDT';
  receiverMSISDN: string;
  merchantInvoiceNumber: string;
  completedAt: Date;
}

type Headers = Record<string, string | undefined>;
type Body = Record<string, unknown>;

/**
 * B2C payouts. The merchant's invoice number names a payout: asked again with the same one (a retry after a lost
 * answer, a second worker), bKash answers the payout already made instead of paying twice; the same number with another
 * receiver or amount is refused.
 */
export function createPayouts({ checkToken, now, counts }: { checkToken(headers: Headers): void; now: () => number; counts: { payouts: number } }) {
  const byInvoice = new Map<string, Payout>();
  const answer = (payout: Payout) => ({
    completedTime: bkashTime(payout.completedAt),
    trxID: payout.trxID,
    transactionStatus: 'Completed',
    amount: payout.amount,
    currency: payout.currency,
    receiverMSISDN: payout.receiverMSISDN,
    merchantInvoiceNumber: payout.merchantInvoiceNumber,
    ...ok,
  });

  return {
    byInvoice: byInvoice as ReadonlyMap<string, Payout>,
    /** Puts kept payouts back (a state file's). */
    restore: (saved: [string, Payout][] | undefined) => saved?.forEach(([invoice, payout]) => byInvoice.set(invoice, payout)),
    b2c(headers: Headers, body: Body) {
      checkToken(headers);
      const invoice = text(body, 'merchantInvoiceNumber');
      const receiver = text(body, 'receiverMSISDN');
      if (!invoice || !receiver || body.amount === undefined) throw new BkashError('2065');
      if (text(body, 'currency') !== 'BDT') throw new BkashError('2007');
      const amount = poishaOf(text(body, 'amount'));
      if (amount === undefined || amount <= 0) throw new BkashError('2006');
      if (!isWalletNumber(receiver)) throw new BkashError('2032');
      const earlier = byInvoice.get(invoice);
      if (earlier) {
        if (earlier.receiverMSISDN !== receiver || poishaOf(earlier.amount) !== amount) throw new BkashError('2031');
        return answer(earlier);
      }
      const payout: Payout = { trxID: code(10), amount: text(body, 'amount'), currency: 'BDT', receiverMSISDN: receiver, merchantInvoiceNumber: invoice, completedAt: new Date(now()) };
      byInvoice.set(invoice, payout);
      counts.payouts += 1;
      return answer(payout);
    },
    /** A payout by its invoice number (2033 when none was made). */
    query(headers: Headers, body: Body) {
      checkToken(headers);
      const payout = byInvoice.get(text(body, 'merchantInvoiceNumber'));
      if (!payout) throw new BkashError('2033');
      return answer(payout);
    },
  };
}

import { randomBytes } from 'node:crypto';

/** A merchant as Nagad onboards it: its id, its wallet number and its public key (base64 SPKI). */
export interface Merchant {
  id: string;
  number: string;
  publicKey: string;
  /** Its merchant aggregator's id, for the disbursement service (money sent to customers' accounts). */
  aggregatorId?: string;
}

/** Initiated at initialize; Ready once complete gave the page; then how the buyer ended it (a refund leaves it Success). */
export type PaymentStatus = 'Initiated' | 'Ready' | 'Success' | 'Aborted' | 'Failed';

export interface Cancel {
  referenceNo: string;
  referenceMessage: string;
  cancelAmount: string;
  cancelTrxId: string;
  at: Date;
}

export interface Payment {
  paymentRefId: string;
  merchantId: string;
  orderId: string;
  /** The challenge Nagad handed out at initialize, which complete must carry back. */
  challenge: string;
  orderDateTime: Date;
  status: PaymentStatus;
  amount: string;
  currencyCode: string;
  callbackUrl: string;
  additionalMerchantInfo: unknown;
  clientMobileNo: string | null;
  issuerPaymentRefNo: string;
  issuerPaymentDateTime: Date | null;
  statusCode: string;
  cancels: Cancel[];
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url');
/** The fields a state file keeps as dates. */
export const TIMES = new Set(['orderDateTime', 'issuerPaymentDateTime', 'at']);
/** Nagad's date-times: yyyyMMddHHmmss in Dhaka's time (UTC+6, no daylight saving). */
export const dhakaTime = (at: Date) => new Date(at.getTime() + 6 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

export function createStore() {
  const payments = new Map<string, Payment>();
  return {
    payments: payments as ReadonlyMap<string, Payment>,
    initiate(merchantId: string, orderId: string): Payment {
      const payment: Payment = {
        // Nagad's references are base64 text (with '=', '+' and '/'); so are these.
        paymentRefId: Buffer.from(`${Date.now()}.${merchantId}.${orderId}.${token(9)}`).toString('base64'),
        merchantId,
        orderId,
        challenge: token(30),
        orderDateTime: new Date(),
        status: 'Initiated',
        amount: '',
        currencyCode: '050',
        callbackUrl: '',
        additionalMerchantInfo: null,
        clientMobileNo: null,
        issuerPaymentRefNo: '',
        issuerPaymentDateTime: null,
        statusCode: '000',
        cancels: [],
      };
      payments.set(payment.paymentRefId, payment);
      return payment;
    },
    /** What a state file keeps: every payment, its refunds with it. */
    kept: () => ({ payments }) as Record<string, ReadonlyMap<string, unknown>>,
    restore(saved: [string, unknown][] | undefined) {
      for (const [key, value] of saved ?? []) payments.set(key, value as Payment);
    },
    find: (paymentRefId: string) => payments.get(paymentRefId),
    byOrder: (merchantId: string, orderId: string) => [...payments.values()].find((payment) => payment.merchantId === merchantId && payment.orderId === orderId),
    end(payment: Payment, status: 'Success' | 'Aborted' | 'Failed', statusCode: string, wallet?: string) {
      payment.status = status;
      payment.statusCode = statusCode;
      if (wallet) payment.clientMobileNo = wallet;
      if (status === 'Success') {
        payment.issuerPaymentRefNo = token(6).toUpperCase().replace(/[^A-Z0-9]/g, 'X');
        payment.issuerPaymentDateTime = new Date();
      }
    },
    cancel(payment: Payment, cancelAmount: string, referenceNo: string, referenceMessage: string): Cancel {
      const cancel = { referenceNo, referenceMessage, cancelAmount, cancelTrxId: token(6).toUpperCase().replace(/[^A-Z0-9]/g, 'X'), at: new Date() };
      payment.cancels.push(cancel);
      return cancel;
    },
  };
}
export type NagadStore = ReturnType<typeof createStore>;

import { randomBytes, randomUUID } from 'node:crypto';

/** A store's credentials (store_id, store_passwd), as SSLCommerz issues them. */
export interface Store {
  id: string;
  password: string;
}

/** What a session is started with (the fields of gwprocess/v4/api.php this stand-in reads). */
export interface SessionRequest {
  total_amount: string;
  currency: string;
  tran_id: string;
  success_url: string;
  fail_url: string;
  cancel_url: string;
  ipn_url?: string;
  cus_name: string;
  cus_email: string;
  cus_phone: string;
  product_name: string;
  value_a?: string;
  value_b?: string;
  value_c?: string;
  value_d?: string;
}

export type TransactionStatus = 'PENDING' | 'VALID' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** One payment attempt: a session, and, once paid, its transaction (val_id, bank_tran_id). */
export interface Session {
  sessionkey: string;
  request: SessionRequest;
  status: TransactionStatus;
  createdAt: Date;
  /** The way the buyer paid on the hosted page ('VISA-Dutch Bangla', 'DBBLMOBILEB-Dbbl Mobile Banking', …). */
  cardType: string;
  cardNo: string;
  valId: string;
  bankTranId: string;
  tranDate: string;
  /** 0: safe; 1: SSLCommerz holds it as risky (the merchant should review before delivering). */
  riskLevel: 0 | 1;
  /** How many times the validation API was asked about it (the first answer VALID, later ones VALIDATED). */
  validations: number;
  refunds: Refund[];
}

export interface Refund {
  refundRefId: string;
  bankTranId: string;
  amount: string;
  remarks: string;
  refeId: string;
  initiatedOn: string;
  refundedOn: string;
  status: 'processing' | 'refunded';
}

/** The required fields of a session, as SSLCommerz's API names them. */
const REQUIRED: (keyof SessionRequest)[] = ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_phone', 'product_name'];
/** SSLCommerz takes amounts from 10.00 to 500,000.00 a transaction. */
const MIN_AMOUNT = 10;
const MAX_AMOUNT = 500_000;

const stamp = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);
const id = (prefix: string) => `${prefix}${Date.now().toString().slice(-8)}${randomBytes(4).toString('hex').toUpperCase()}`;

export class SessionRefused extends Error {}

/** The sessions and transactions of one store, in memory. */
export function createStore(store: Store) {
  const sessions = new Map<string, Session>();
  const byValId = new Map<string, Session>();
  const byRefund = new Map<string, { session: Session; refund: Refund }>();

  return {
    store,
    sessions: sessions as ReadonlyMap<string, Session>,

    credentialsHold: (storeId: string | null, password: string | null) => storeId === store.id && password === store.password,

    /** gwprocess/v4/api.php: a session for the hosted page, or the reason it is refused. */
    start(fields: Record<string, string>): Session {
      const missing = REQUIRED.filter((name) => !fields[name]?.trim());
      if (missing.length) throw new SessionRefused(`Invalid Information: ${missing.join(', ')} is required`);
      const amount = Number(fields.total_amount);
      if (!Number.isFinite(amount) || amount < MIN_AMOUNT || amount > MAX_AMOUNT) throw new SessionRefused(`Invalid Information: total_amount must be between ${MIN_AMOUNT} and ${MAX_AMOUNT}`);
      for (const name of ['success_url', 'fail_url', 'cancel_url', 'ipn_url'] as const) {
        if (fields[name] && !URL.canParse(fields[name])) throw new SessionRefused(`Invalid Information: ${name} is not a URL`);
      }
      const session: Session = {
        sessionkey: randomBytes(16).toString('hex').toUpperCase(),
        request: Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'store_passwd')) as unknown as SessionRequest,
        status: 'PENDING',
        createdAt: new Date(),
        cardType: '',
        cardNo: '',
        valId: '',
        bankTranId: '',
        tranDate: '',
        riskLevel: 0,
        validations: 0,
        refunds: [],
      };
      sessions.set(session.sessionkey, session);
      return session;
    },

    find: (sessionkey: string) => sessions.get(sessionkey),
    byValId: (valId: string) => byValId.get(valId),
    byTranId: (tranId: string) => [...sessions.values()].filter((session) => session.request.tran_id === tranId),
    byRefundRef: (refundRefId: string) => byRefund.get(refundRefId),
    byBankTranId: (bankTranId: string) => [...sessions.values()].find((session) => session.bankTranId === bankTranId),

    /** The buyer paid on the hosted page. */
    pay(session: Session, way: { cardType: string; cardNo: string }, riskLevel: 0 | 1): void {
      const now = new Date();
      Object.assign(session, {
        status: 'VALID',
        cardType: way.cardType,
        cardNo: way.cardNo,
        valId: `${now.toISOString().slice(2, 10).replace(/-/g, '')}${randomBytes(6).toString('hex')}`,
        bankTranId: id(''),
        tranDate: stamp(now),
        riskLevel,
      });
      byValId.set(session.valId, session);
    },

    end(session: Session, status: 'FAILED' | 'CANCELLED') {
      session.status = status;
      session.tranDate = stamp(new Date());
    },

    /** A refund of a paid transaction (merchantTransIDvalidationAPI.php with bank_tran_id): 'processing' until asked after. */
    refund(session: Session, amount: string, remarks: string, refeId: string): Refund {
      const now = stamp(new Date());
      const refund: Refund = { refundRefId: randomUUID().replace(/-/g, '').slice(0, 20), bankTranId: session.bankTranId, amount, remarks, refeId, initiatedOn: now, refundedOn: '', status: 'processing' };
      session.refunds.push(refund);
      byRefund.set(refund.refundRefId, { session, refund });
      return refund;
    },

    /** What a state file keeps: every session, its transaction and refunds with it. */
    kept: () => ({ sessions }) as Record<string, ReadonlyMap<string, unknown>>,
    /** Puts kept sessions back, each found again by its val_id and its refunds by their refund_ref_id. */
    restore(saved: [string, unknown][] | undefined) {
      for (const [key, value] of saved ?? []) {
        const session = value as Session;
        sessions.set(key, session);
        if (session.valId) byValId.set(session.valId, session);
        for (const refund of session.refunds) byRefund.set(refund.refundRefId, { session, refund });
      }
    },

    /** The refund's state when asked (refund_ref_id): the bank settles it by the time it is asked about. */
    settle(refund: Refund): Refund {
      if (refund.status === 'processing') Object.assign(refund, { status: 'refunded', refundedOn: stamp(new Date()) });
      return refund;
    },
  };
}
export type SslcStore = ReturnType<typeof createStore>;

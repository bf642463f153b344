import type { WalletMethodId } from '@phonehaat/shared-api';
import type { Env } from '../../../config/env.ts';
import type { ProviderTokensRepository } from '../../../providers/provider-tokens.ts';
import { BkashApiError, createBkashClient } from './bkash-client.ts';
import { bkashAmount, createBkashMethod, poishaOf } from './bkash.ts';
import type { PayoutRail } from '../../orders/index.ts';
import type { BkashRecords, GatewayRecords } from '../../orders/index.ts';
import type { WalletMethod } from './types.ts';
import { createSslcommerzClient } from './sslcommerz-client.ts';
import { createSslcommerzMethod } from './sslcommerz.ts';
import { createNagadClient, NagadError } from './nagad-client.ts';
import { createNagadMethod } from './nagad.ts';
import { createNagadDisbursementClient } from './nagad-disbursement-client.ts';
import { createNagadPayoutRail, type NagadPayoutTiming } from './nagad-payout.ts';
import type { Db } from '../../../db/client.ts';

/** Each provider's module, built from its env: a new one is its module and one line here (and its id in shared-api's WALLET_METHODS). */
const bkashClient = (env: Env, tokens: ProviderTokensRepository) =>
  createBkashClient(
    { baseUrl: env.BKASH_BASE_URL, username: env.BKASH_USERNAME, password: env.BKASH_PASSWORD, appKey: env.BKASH_APP_KEY, appSecret: env.BKASH_APP_SECRET, timeoutMs: env.BKASH_TIMEOUT_MS },
    tokens,
  );
export const sslcommerzClient = (env: Env) =>
  createSslcommerzClient({ baseUrl: env.SSLCOMMERZ_BASE_URL, storeId: env.SSLCOMMERZ_STORE_ID, storePassword: env.SSLCOMMERZ_STORE_PASSWORD, timeoutMs: env.SSLCOMMERZ_TIMEOUT_MS });
/** The API as SSLCommerz reaches it: the buyer's return and the IPN (routes/sslcommerz.ts). */
const sslcommerzCallbacks = (env: Env) => {
  const base = (env.SSLCOMMERZ_CALLBACK_URL ?? env.PUBLIC_URL).replace(/\/$/, '');
  return { returnUrl: (outcome: 'success' | 'fail' | 'cancel') => `${base}/payments/sslcommerz/return/${outcome}`, ipnUrl: env.SSLCOMMERZ_IPN_URL ?? `${base}/payments/sslcommerz/ipn` };
};
export const nagadClient = (env: Env) =>
  createNagadClient({
    baseUrl: env.NAGAD_BASE_URL,
    merchantId: env.NAGAD_MERCHANT_ID,
    merchantNumber: env.NAGAD_MERCHANT_NUMBER,
    merchantPrivateKey: env.NAGAD_MERCHANT_PRIVATE_KEY,
    nagadPublicKey: env.NAGAD_PUBLIC_KEY,
    timeoutMs: env.NAGAD_TIMEOUT_MS,
  });
/** The API as Nagad's page sends the buyer back to it (routes/nagad.ts). */
const nagadCallback = (env: Env) => `${(env.NAGAD_CALLBACK_URL ?? env.PUBLIC_URL).replace(/\/$/, '')}/payments/nagad/callback`;
const builders: Record<WalletMethodId, (env: Env, tokens: ProviderTokensRepository) => WalletMethod> = {
  bkash: (env, tokens) => createBkashMethod(bkashClient(env, tokens)),
  nagad: (env) => createNagadMethod(nagadClient(env), { callbackUrl: nagadCallback(env), merchantId: env.NAGAD_MERCHANT_ID }),
  sslcommerz: (env) => createSslcommerzMethod(sslcommerzClient(env), sslcommerzCallbacks(env)),
};

/** bKash's own records of a payment, its refund and a payout, for the reconciliation (none: 2033, not found). */
export function createBkashRecords(env: Env, tokens: ProviderTokensRepository): BkashRecords {
  const client = bkashClient(env, tokens);
  const unlessNotFound = async (ask: () => Promise<Record<string, string | undefined>>) => {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof BkashApiError && error.code === '2033') return undefined;
      throw error;
    }
  };
  return {
    async paid(paymentID) {
      const answer = await unlessNotFound(() => client.status(paymentID));
      return answer?.transactionStatus === 'Completed' ? poishaOf(answer.amount) : undefined;
    },
    async refunded(paymentID, trxID) {
      const answer = await unlessNotFound(() => client.refundStatus(paymentID, trxID));
      return answer?.refundTrxID ? poishaOf(answer.amount) : undefined;
    },
    async paidOut(invoice) {
      const answer = await unlessNotFound(() => client.payoutQuery(invoice));
      return answer ? poishaOf(answer.amount) : undefined;
    },
  };
}

/** SSLCommerz's own records of a payment (its transaction query) and of a refund (its refund query), for the reconciliation. */
export function createSslcommerzRecords(env: Env): GatewayRecords {
  const client = sslcommerzClient(env);
  return {
    method: 'sslcommerz',
    async paid(tranId) {
      const paid = (await client.transactions(tranId)).find((attempt) => attempt.status === 'VALID' || attempt.status === 'VALIDATED');
      return paid ? poishaOf(paid.amount) : undefined;
    },
    async refunded(refundRefId, recorded) {
      const answer = await client.refundStatus(refundRefId);
      return answer.status === 'refunded' || answer.status === 'processing' ? recorded : undefined;
    },
  };
}

/**
 * Nagad's own record of a payment (its verify call), for the reconciliation. Nagad publishes no call that reads a refund
 * back: its refunds are checked once, by the signed answer to the refund itself (methods/nagad.ts), not here.
 */
export function createNagadRecords(env: Env): GatewayRecords {
  const client = nagadClient(env);
  return {
    method: 'nagad',
    async paid(reference) {
      try {
        const verified = await client.verify(reference);
        return verified.status === 'Success' ? poishaOf(verified.amount) : undefined;
      } catch (error) {
        if (error instanceof NagadError && error.reason === 'INVALID_PAYMENT_REF') return undefined;
        throw error;
      }
    },
  };
}

/** Sellers are paid out through bKash's disbursement (issue 33), whichever way their buyers paid. */
export function createPayoutRail(env: Env, tokens: ProviderTokensRepository): PayoutRail<'bkash'> {
  const client = bkashClient(env, tokens);
  return {
    method: 'bkash',
    async pay({ invoice, wallet, amount }) {
      const answer = await client.payout({ amount: bkashAmount(amount), merchantInvoiceNumber: invoice, receiverMSISDN: wallet });
      return { transactionId: answer.trxID ?? '', amount: poishaOf(answer.amount) };
    },
  };
}

/**
 * Where a cash sale's refund can be sent (issue 69): bKash's payouts always (the sellers' rail), and Nagad's
 * disbursement where Nagad is one of PAYMENT_METHODS.
 */
export function createRefundRails(env: Env, db: Db, bkash: PayoutRail, nagadTiming?: NagadPayoutTiming): Map<'bkash' | 'nagad', PayoutRail> {
  const rails = new Map<'bkash' | 'nagad', PayoutRail>([['bkash', bkash]]);
  if (env.PAYMENT_METHODS.includes('nagad')) {
    const client = createNagadDisbursementClient({
      baseUrl: env.NAGAD_DISBURSE_BASE_URL,
      aggregatorId: env.NAGAD_DISBURSE_AGGREGATOR_ID,
      merchantId: env.NAGAD_MERCHANT_ID,
      merchantPrivateKey: env.NAGAD_MERCHANT_PRIVATE_KEY,
      nagadPublicKey: env.NAGAD_PUBLIC_KEY,
      timeoutMs: env.NAGAD_TIMEOUT_MS,
    });
    rails.set('nagad', createNagadPayoutRail(db, client, nagadTiming));
  }
  return rails;
}

/** The wallets PAYMENT_METHODS turns on. */
export function createWalletMethods(env: Env, tokens: ProviderTokensRepository): Map<string, WalletMethod> {
  return new Map(
    env.PAYMENT_METHODS.filter((id): id is WalletMethodId => id !== 'card').map((id) => [id, builders[id](env, tokens)] as const),
  );
}
export type { WalletMethod, WalletState, ConfirmedPayment } from './types.ts';

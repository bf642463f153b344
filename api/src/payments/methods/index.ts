import type { WalletMethodId } from '@phonehaat/shared-api';
import type { Env } from '../../config/env.js';
import type { ProviderTokensRepository } from '../../repositories/provider-tokens.js';
import { createBkashClient } from './bkash-client.js';
import { createBkashMethod } from './bkash.js';
import type { WalletMethod } from './types.js';

/** Each wallet's module, built from its env. Nagad: its module and one line here (and its id in shared-api's PaymentMethodId). */
const builders: Record<WalletMethodId, (env: Env, tokens: ProviderTokensRepository) => WalletMethod> = {
  bkash: (env, tokens) =>
    createBkashMethod(
      createBkashClient(
        { baseUrl: env.BKASH_BASE_URL, username: env.BKASH_USERNAME, password: env.BKASH_PASSWORD, appKey: env.BKASH_APP_KEY, appSecret: env.BKASH_APP_SECRET, timeoutMs: env.BKASH_TIMEOUT_MS },
        tokens,
      ),
    ),
};

/** The wallets PAYMENT_METHODS turns on. */
export function createWalletMethods(env: Env, tokens: ProviderTokensRepository): Map<string, WalletMethod> {
  return new Map(
    env.PAYMENT_METHODS.filter((id): id is WalletMethodId => id !== 'card').map((id) => [id, builders[id](env, tokens)] as const),
  );
}
export type { WalletMethod, WalletState, ConfirmedPayment } from './types.js';

// The couriers PhoneHaat can send with, each a module behind the Courier interface; COURIER picks one. A second
// courier (Steadfast, RedX) is its module and one line here (decision 037).
import type { Env } from '../../../config/env.ts';
import type { ProviderTokensRepository } from '../../../providers/provider-tokens.ts';
import { createPathaoCourier } from './pathao.ts';
import type { Courier } from './types.ts';

const builders: Record<Env['COURIER'], (env: Env, tokens: ProviderTokensRepository) => Courier> = {
  pathao: (env, tokens) =>
    createPathaoCourier(
      {
        baseUrl: env.PATHAO_BASE_URL,
        clientId: env.PATHAO_CLIENT_ID,
        clientSecret: env.PATHAO_CLIENT_SECRET,
        username: env.PATHAO_USERNAME,
        password: env.PATHAO_PASSWORD,
        timeoutMs: env.COURIER_TIMEOUT_MS,
        webhookSecret: env.PATHAO_WEBHOOK_SECRET,
        integrationSecret: env.PATHAO_INTEGRATION_SECRET,
        maxWebhookAgeMs: env.COURIER_WEBHOOK_MAX_AGE_HOURS * 3600_000,
      },
      tokens,
    ),
};

/** Every courier with a module (COURIER names one of them). */
export const COURIERS = Object.keys(builders) as [Env['COURIER'], ...Env['COURIER'][]];

export const createCourier = (env: Env, tokens: ProviderTokensRepository): Courier => builders[env.COURIER](env, tokens);

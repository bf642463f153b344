// A provider's access token shared by every instance (bKash's, Pathao's): kept in PostgreSQL (provider_tokens) and
// reused until shortly before it expires; then one instance renews it (with its refresh token when it has one) while
// the others wait for it. A token the provider refuses early is dropped for everyone.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderToken, ProviderTokensRepository } from './provider-tokens.ts';

/** A token is renewed this long before the provider would refuse it. */
const MARGIN_MS = 60_000;
const LEASE_SECONDS = 15;

export interface SharedTokenOptions {
  provider: string;
  tokens: ProviderTokensRepository;
  /** The longest a renewal may take (the provider's call timeout). */
  timeoutMs: number;
  /** A fresh token: refreshed from `stored` when it can be, granted anew otherwise. */
  obtain(stored: ProviderToken | undefined): Promise<ProviderToken>;
  /** The error when another instance's renewal takes too long. */
  timedOut(message: string): Error;
}

export function createSharedToken({ provider, tokens, timeoutMs, obtain, timedOut }: SharedTokenOptions) {
  let cached: { token: string; expiresAt: number } | undefined;
  let renewing: Promise<string> | undefined;

  async function renew(): Promise<string> {
    const deadline = Date.now() + timeoutMs + LEASE_SECONDS * 1000;
    for (;;) {
      const stored = await tokens.read(provider);
      if (stored && stored.expiresAt.getTime() - MARGIN_MS > Date.now()) {
        cached = { token: stored.accessToken, expiresAt: stored.expiresAt.getTime() };
        return stored.accessToken;
      }
      if (await tokens.lease(provider, LEASE_SECONDS)) {
        try {
          const fresh = await obtain(stored);
          await tokens.save(provider, fresh);
          cached = { token: fresh.accessToken, expiresAt: fresh.expiresAt.getTime() };
          return fresh.accessToken;
        } catch (error) {
          await tokens.release(provider);
          throw error;
        }
      }
      if (Date.now() > deadline) throw timedOut(`another instance is renewing the ${provider} token and has not finished`);
      await sleep(50);
    }
  }

  return {
    async token(): Promise<string> {
      if (cached && cached.expiresAt - MARGIN_MS > Date.now()) return cached.token;
      renewing ??= renew().finally(() => (renewing = undefined));
      return renewing;
    },
    /** The provider refused this token before its time: nobody uses it again. */
    async drop(token: string): Promise<void> {
      cached = undefined;
      await tokens.expire(provider, token);
    },
  };
}

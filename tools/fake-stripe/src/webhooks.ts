import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { newId, unixNow } from './ids.js';
import type { StripeEvent } from './routes.js';

/** The API's development default, so `pnpm start` works with neither side configured. */
export const DEFAULT_WEBHOOK_SECRET = 'whsec_phonehaat_development';
/** Waits before each retry: one try and up to three retries. */
export const RETRY_DELAYS_MS = [100, 300, 900];
const ATTEMPT_TIMEOUT_MS = 5_000;

/**
 * Posts signed Events to one endpoint, in the background: a slow or failing receiver never delays an API response,
 * and failures are logged, never thrown.
 */
export function createWebhookSender(options: { url?: string; secret?: string; logger: (message: string) => void }) {
  let target = { url: options.url, secret: options.secret ?? DEFAULT_WEBHOOK_SECRET };
  const stopped = new AbortController();
  const inFlight = new Set<Promise<void>>();

  async function deliver(url: string, secret: string, type: string, payload: string): Promise<void> {
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1], undefined, { signal: stopped.signal });
      let failure: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
          body: payload,
          signal: AbortSignal.any([stopped.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await response.body?.cancel();
        if (response.ok) return;
        failure = `HTTP ${response.status}`;
      } catch (error) {
        if (stopped.signal.aborted) return;
        failure = error instanceof Error ? error.message : String(error);
      }
      options.logger(`fake Stripe: webhook ${type} to ${url} failed (${failure}), attempt ${attempt + 1} of ${RETRY_DELAYS_MS.length + 1}`);
    }
  }

  return {
    setTarget(url: string | undefined, secret?: string) {
      target = { url, secret: secret ?? target.secret };
    },
    send(event: StripeEvent) {
      const { url, secret } = target;
      if (!url || stopped.signal.aborted) return;
      // Serialised now: the event shows the object as it was when it happened.
      const payload = JSON.stringify({
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: unixNow(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: event.type,
        data: { object: event.object },
      });
      const delivery = deliver(url, secret, event.type, payload)
        .catch(() => undefined) // an aborted wait (closing) or a throwing logger: never an unhandled rejection
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    /** Stops retries and waits for deliveries under way to give up. */
    async close() {
      stopped.abort();
      await Promise.all(inFlight);
    },
  };
}

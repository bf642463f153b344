// Pathao's webhooks: every change of an order is POSTed to the merchant's callback URL with the merchant's secret in
// X-PATHAO-Signature. A callback URL is only saved once it passes Pathao's integration check: a `webhook_integration`
// event answered with 202 and the header X-Pathao-Merchant-Webhook-Integration-Secret carrying the value Pathao shows
// the merchant. Pathao's webhooks are known to fail silently: the switches drop, duplicate, delay and reorder them.
import { setTimeout as sleep } from 'node:timers/promises';

export interface WebhookSwitches {
  /** The share of webhooks never sent (0 to 1). */
  drop: number;
  /** The share of webhooks sent twice (0 to 1). */
  duplicate: number;
  /** Every webhook waits this long before it is sent. */
  delayMs: number;
  /** Webhooks are held and sent in a shuffled order with the next ones (every `reorderWindowMs`). */
  reorder: boolean;
}

export interface Callback {
  url: string;
  secret: string;
  /** Set once the integration check passed; before that nothing is sent. */
  verified: boolean;
  /** Why the last check failed, for the tester's page. */
  problem: string | null;
}

export interface SentWebhook {
  body: Record<string, unknown>;
  status: number | 'dropped' | 'failed';
  at: Date;
}

export function createWebhooks(options: { integrationSecret: string; random?: () => number; log: (message: string) => void; reorderWindowMs?: number }) {
  const switches: WebhookSwitches = { drop: 0, duplicate: 0, delayMs: 0, reorder: false };
  const random = options.random ?? Math.random;
  const sent: SentWebhook[] = [];
  const inFlight = new Set<Promise<void>>();
  let callback: Callback | null = null;
  let held: Record<string, unknown>[] = [];
  let holding: NodeJS.Timeout | null = null;

  async function post(url: string, secret: string, body: Record<string, unknown>): Promise<Response> {
    return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-pathao-signature': secret }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  }

  /** Pathao's check of a callback URL; the URL is kept whatever the answer, and used once it passes. */
  async function integrate(url: string, secret: string): Promise<Callback> {
    callback = { url, secret, verified: false, problem: null };
    try {
      const answer = await post(url, secret, { event: 'webhook_integration' });
      const header = answer.headers.get('x-pathao-merchant-webhook-integration-secret');
      if (answer.status !== 202) callback.problem = `The callback answered ${answer.status}, not 202`;
      else if (header !== options.integrationSecret) callback.problem = 'The callback did not return X-Pathao-Merchant-Webhook-Integration-Secret with the integration secret';
      else callback.verified = true;
    } catch (error) {
      callback.problem = `The callback could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    }
    return callback;
  }

  function deliver(body: Record<string, unknown>) {
    const target = callback;
    if (!target?.verified) return;
    const work = (async () => {
      if (switches.delayMs > 0) await sleep(switches.delayMs);
      try {
        const answer = await post(target.url, target.secret, body);
        sent.push({ body, status: answer.status, at: new Date() });
      } catch (error) {
        sent.push({ body, status: 'failed', at: new Date() });
        options.log(`fake Pathao: webhook ${String(body.event)} for ${String(body.consignment_id)} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  function release() {
    holding = null;
    const batch = held;
    held = [];
    for (let i = batch.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [batch[i], batch[j]] = [batch[j]!, batch[i]!];
    }
    for (const body of batch) deliver(body);
  }

  return {
    switches,
    sent: sent as readonly SentWebhook[],
    integrate,
    callback: () => callback,
    /** One event of one order: dropped, sent, sent twice, or held to be shuffled, as the switches say. */
    send(body: Record<string, unknown>) {
      if (random() < switches.drop) {
        sent.push({ body, status: 'dropped', at: new Date() });
        return;
      }
      const copies = random() < switches.duplicate ? 2 : 1;
      for (let copy = 0; copy < copies; copy++) {
        if (!switches.reorder) deliver(body);
        else {
          held.push(body);
          holding ??= setTimeout(release, options.reorderWindowMs ?? 200);
        }
      }
    },
    /** Sends what is held and waits for every webhook on its way (tests, and closing). */
    async settle() {
      if (holding) {
        clearTimeout(holding);
        release();
      }
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;

import webpush from 'web-push';
import type { PushMessage } from '@phonehaat/shared-api';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What the push service said: taken (201), the device is gone for good (404/410: forget it), refused for good (any
 * other 4xx but 429: the push can never be sent as it is), or worth another try (429, 5xx, no answer: thrown).
 */
export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone'; status: number } | { outcome: 'refused'; status: number; why: string };

export class PushUnavailable extends Error {}

export interface PushSender {
  send(target: PushTarget, message: PushMessage, options: { topic: string; urgency: 'normal' | 'high' }): Promise<PushOutcome>;
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm-encrypted payload (RFC 8291), made by the `web-push`
 * library; the request itself is sent with fetch, which speaks http:// to the local push service in tools/ as well as
 * https:// to the browsers' own (the library's own sender speaks https only).
 */
export function createPushSender(vapid: { publicKey: string; privateKey: string; subject: string }, ttlSeconds: number, timeoutMs = 10_000): PushSender {
  return {
    async send(target, message, { topic, urgency }) {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(target, JSON.stringify(message), {
          vapidDetails: vapid,
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency,
          // A second push with this topic replaces the first while the device is offline (RFC 8030 §5.4).
          topic,
        });
      } catch (error) {
        // The device's keys cannot be encrypted to: no try will do better.
        return { outcome: 'refused', status: 0, why: `could not encrypt the push: ${(error as Error).message}` };
      }
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new PushUnavailable(`the push service did not answer: ${(error as Error).message}`);
      }
      const text = (await response.text().catch(() => '')).slice(0, 300);
      if (response.status >= 200 && response.status < 300) return { outcome: 'sent' };
      if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status };
      if (response.status === 429 || response.status >= 500) throw new PushUnavailable(`the push service answered ${response.status}: ${text}`);
      return { outcome: 'refused', status: response.status, why: `the push service answered ${response.status}: ${text}` };
    },
  };
}

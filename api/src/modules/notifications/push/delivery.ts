import type { FastifyBaseLogger } from 'fastify';
import { paths } from '@phonehaat/shared-api';
import type { ClaimedEmail, OutboxRepository } from '../../../db/outbox.ts';
import type { PushSubscriptionsRepository } from '../repositories/push-subscriptions.ts';
import type { PushSender } from './sender.ts';
import { pushWords } from './words.ts';

/** Kinds worth waking a phone for at once (RFC 8030's Urgency): someone is waiting on the person. */
const URGENT = new Set(['message', 'offer', 'booked', 'parcel', 'new-sign-in']);

/**
 * Sends one claimed outbox row to its device (decision 041). The push is worded in the person's language and carries
 * the row's idempotency key as its notification's tag and its topic: should a crash after sending make a worker send it
 * again, the push service replaces the undelivered one and the device replaces the shown one. A device the push service
 * says is gone is forgotten (with its other unsent pushes); a push refused for good is skipped; anything else is tried
 * again by the queue.
 */
export function createPushDelivery(deps: { sender: PushSender; outbox: OutboxRepository; devices: PushSubscriptionsRepository; log: FastifyBaseLogger }) {
  const { sender, outbox, devices, log } = deps;
  return async function sendPush(push: ClaimedEmail): Promise<'sent' | 'skipped'> {
    if (!push.device) {
      await outbox.markSkipped(push.id, 'the device was forgotten');
      return 'skipped';
    }
    if (push.user.removed) {
      await outbox.markSkipped(push.id, 'the account was removed');
      return 'skipped';
    }
    const { language } = push.user;
    const words = pushWords(push.kind, { ...push.payload, ...push.notification?.params }, language);
    if (!words) {
      await outbox.markSkipped(push.id, `no push for the kind ${push.kind}`);
      return 'skipped';
    }
    const prefix = language === 'bn' ? '/bn' : '';
    const key = push.idempotencyKey.replaceAll('-', '');
    const message = { ...words, url: `${prefix}${push.notification?.link ?? paths.notifications()}`, tag: key, lang: language };
    try {
      const said = await sender.send(push.device, message, { topic: key, urgency: URGENT.has(push.kind) ? 'high' : 'normal' });
      if (said.outcome === 'gone') {
        log.info({ device: push.device.id, status: said.status }, 'the push service says a device is gone: forgotten');
        // Its unsent pushes go with it (the row's own too: ON DELETE CASCADE).
        await devices.forget(push.device.id);
        return 'skipped';
      }
      if (said.outcome === 'refused') {
        log.warn({ outboxId: push.id, status: said.status }, 'the push service refused a push for good');
        await outbox.markSkipped(push.id, said.why);
        return 'skipped';
      }
    } catch (error) {
      await outbox.release(push.id, (error as Error).message);
      throw error;
    }
    await outbox.markSent(push.id);
    return 'sent';
  };
}

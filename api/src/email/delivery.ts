import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Channel, ClaimedEmail, OutboxRepository } from '../db/outbox.ts';
import { paths, type EmailKind } from '@phonehaat/shared-api';
import { isPermanent, type Mailer } from './mailer.ts';
import { renderEmail } from './templates.ts';
import type { UnsubscribeTokens } from './unsubscribe.ts';

export type DeliveryResult = 'sent' | 'skipped' | 'not-mine';

/** The outbox's channels this instance can send: e-mail with a mail server, pushes with a VAPID key pair. */
export const channelsOf = (sends: { mailer?: unknown; push?: unknown }): Channel[] => [...(sends.mailer ? ['email' as const] : []), ...(sends.push ? ['push' as const] : [])];

/**
 * Sends one outbox row, exactly once (decisions 022, 041): claim it (or find it sent, or claimed by a live worker, or
 * on a channel this instance cannot send: nothing to do), send it, mark it sent. A failed send gives the claim back and
 * throws, so the queue tries again after its back-off. Pushes are sent by push/delivery.ts.
 */
export function createEmailDelivery(deps: {
  outbox: OutboxRepository;
  mailer?: Mailer | undefined;
  push?: ((push: ClaimedEmail) => Promise<'sent' | 'skipped'>) | undefined;
  unsubscribe: UnsubscribeTokens;
  env: Env;
  log: FastifyBaseLogger;
}) {
  const { outbox, mailer, push, unsubscribe, env, log } = deps;
  const channels = channelsOf(deps);
  return async function deliver(outboxId: number): Promise<DeliveryResult> {
    const email = await outbox.claim(outboxId, env.EMAIL_LEASE_SECONDS, channels);
    if (!email) return 'not-mine';
    if (email.channel === 'push') return push!(email);
    if (!mailer) throw new Error('claimed an e-mail without a mail server');
    if (email.user.removed || email.turnedOff || !email.user.email) {
      const why = email.user.removed ? 'the account was removed' : email.user.email ? 'the person turned this kind off' : 'the account has no e-mail address (made by phone)';
      await outbox.markSkipped(email.id, why);
      return 'skipped';
    }
    const token = unsubscribe.create(email.user.id, email.kind as EmailKind);
    const prefix = email.user.language === 'bn' ? '/bn' : '';
    const to = (path: string) => new URL(`${prefix}${path}`, env.WEB_URL).toString();
    const content = renderEmail(email.kind, { ...email.payload, ...email.notification?.params }, email.user.language, {
      to,
      open: to(email.notification?.link ?? paths.notifications()),
      unsubscribe: new URL(`${prefix}/unsubscribe?token=${encodeURIComponent(token)}`, env.WEB_URL).toString(),
    });
    if (!content) {
      await outbox.markSkipped(email.id, `no e-mail for the kind ${email.kind}`);
      return 'skipped';
    }
    try {
      await mailer.send({
        ...content,
        to: email.user.email,
        messageId: email.idempotencyKey,
        unsubscribeUrl: new URL(`/unsubscribe?token=${encodeURIComponent(token)}`, env.PUBLIC_URL).toString(),
      });
    } catch (error) {
      const message = (error as Error).message;
      if (isPermanent(error)) {
        log.warn({ err: error, outboxId }, 'the mail server refused an e-mail for good');
        await outbox.markSkipped(email.id, `refused: ${message}`);
        return 'skipped';
      }
      await outbox.release(email.id, message);
      throw error;
    }
    await outbox.markSent(email.id);
    return 'sent';
  };
}

import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../db/client.ts';
import type { NotificationEvent, NotificationsRepository, Recorded, SharedEvent, Told } from './repositories/notifications.ts';

/** Where outbox rows go after their commit to be e-mailed (the job queue). */
export interface EmailQueue {
  enqueue(outboxIds: number[]): Promise<void>;
}

/** Tells people's open streams, on every instance. */
export interface LiveNotifications {
  notifications(items: { userId: string; notification: Notification }[]): Promise<void>;
  /** Notifications named by id: the instances with their people's streams open read them. */
  notificationIds(items: Told[]): Promise<void>;
}

/**
 * Notifications are recorded in the transaction of the change that caused them (`record`), then announced after the
 * commit (`announce`): live to the person, and their e-mails to the queue. Announcing never fails the change: a lost
 * announcement is caught up by the stream's `ready` and by the outbox sweep (decision 022).
 */
export function createNotifier(deps: { db: Db; repo: NotificationsRepository; live: LiveNotifications; queue: EmailQueue; log: FastifyBaseLogger }) {
  const { db, repo, live, queue, log } = deps;
  async function announce(recorded: Recorded | undefined): Promise<void> {
    if (!recorded) return;
    if (recorded.notifications.length)
      await live.notifications(recorded.notifications).catch((error: Error) => log.warn({ err: error }, 'could not announce notifications'));
    if (recorded.told?.length) await live.notificationIds(recorded.told).catch((error: Error) => log.warn({ err: error }, 'could not announce notifications'));
    if (recorded.outboxIds.length)
      await queue.enqueue(recorded.outboxIds).catch((error: Error) => log.warn({ err: error }, 'could not queue e-mails; the sweep will'));
  }
  return {
    record: (tx: Tx, events: NotificationEvent[]) => repo.record(tx, events),
    recordEach: (tx: Tx, event: SharedEvent, ctes: SQL, source: SQL) => repo.recordEach(tx, event, ctes, source),
    announce,
    /** Events that go with no other change: recorded in a transaction of their own, then announced. */
    async send(events: NotificationEvent[]): Promise<void> {
      if (events.length === 0) return;
      await announce(await db.transaction((tx) => repo.record(tx, events)));
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;

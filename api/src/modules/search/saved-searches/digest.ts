import type { EmailQueue } from '../../notifications/index.ts';
import type { NotificationsRepository } from '../../notifications/index.ts';
import type { SavedSearchesRepository } from '../repositories/saved-searches.ts';

/** At most this many phones in one digest (the e-mail links to the rest). */
export const DIGEST_MAX_PHONES = 10;

/**
 * The day's saved-search digest (issue 27): one e-mail a person, with the new phones their saved searches found since
 * the last one and still on sale; written to the outbox in the transaction that marks those matches e-mailed, then
 * queued. Answers how many e-mails it wrote.
 */
export function createDigest(deps: { savedSearches: SavedSearchesRepository; notifications: NotificationsRepository; queue: () => EmailQueue }) {
  return async function sendDigests(): Promise<number> {
    const outboxIds = await deps.savedSearches.digest((tx, byPerson) =>
      deps.notifications.queueEmails(
        tx,
        [...byPerson].map(([userId, phones]) => ({
          userId,
          kind: 'saved-search' as const,
          payload: { total: phones.length, phones: phones.slice(0, DIGEST_MAX_PHONES) },
        })),
      ),
    );
    await deps.queue().enqueue(outboxIds);
    return outboxIds.length;
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { notificationEvents } from '../notifications/events.js';
import type { Notifier } from '../notifications/notifier.js';
import type { CatalogRepository } from '../repositories/catalog.js';
import type { SavedSearchesRepository } from '../repositories/saved-searches.js';

/** A listing unmatched this long (its process died after the commit) is matched by the sweep. */
const SWEEP_AFTER_SECONDS = 60;

/**
 * Matches a new listing against every saved search after its commit (never slowing the publishing), and tells each
 * search's owner in the same transaction that records the match. A listing's `matched_at` is the outbox: the sweep
 * matches what a crash left.
 */
export function createMatcher(deps: { repo: SavedSearchesRepository; catalog: CatalogRepository; notifier: Notifier; log: FastifyBaseLogger }) {
  const { repo, catalog, notifier, log } = deps;
  async function matchListing(productId: string): Promise<number> {
    const listing = await catalog.findProduct(productId);
    if (!listing) return 0;
    const told = await repo.match(productId, async (tx, matches) => ({
      count: matches.length,
      recorded: await notifier.record(tx, matches.map((match) => notificationEvents.savedSearch(match.searchId, match.userId, match.name, listing))),
    }));
    await notifier.announce(told?.recorded);
    return told?.count ?? 0;
  }
  return {
    matchListing,
    /** After the listing's commit, without waiting for it. */
    afterCommit(productId: string): void {
      setImmediate(() => void matchListing(productId).catch((error: Error) => log.warn({ err: error, productId }, 'matching saved searches failed; the sweep will')));
    },
    async sweep(): Promise<void> {
      for (const productId of await repo.unmatched(SWEEP_AFTER_SECONDS)) await matchListing(productId);
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;

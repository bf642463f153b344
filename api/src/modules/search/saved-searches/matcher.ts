import type { FastifyBaseLogger } from 'fastify';
import { notificationEvents } from '../../notifications/index.ts';
import type { Notifier } from '../../notifications/index.ts';
import type { CatalogRepository } from '../../catalog/index.ts';
import type { SavedSearchesRepository } from '../repositories/saved-searches.ts';

/** A listing unmatched this long (its process died after the commit) is matched by the sweep. */
const SWEEP_AFTER_SECONDS = 60;

/**
 * Matches a new listing against every saved search after its commit (never slowing the publishing), and tells each
 * search's owner in the same statement that records the match (one statement: a listing may tell hundreds). A listing's `matched_at` is the outbox: the sweep
 * matches what a crash left.
 */
export function createMatcher(deps: { repo: SavedSearchesRepository; catalog: CatalogRepository; notifier: Notifier; log: FastifyBaseLogger }) {
  const { repo, catalog, notifier, log } = deps;
  async function matchListing(productId: string): Promise<number> {
    const listing = await catalog.findProduct(productId);
    if (!listing) return 0;
    const recorded = await repo.match(productId, (tx, { ctes, source }) => notifier.recordEach(tx, notificationEvents.savedSearchFound(listing), ctes, source));
    await notifier.announce(recorded);
    return recorded?.told?.length ?? 0;
  }
  /**
   * One matching at a time in this process: a burst of listings waits its turn rather than many matchings at once
   * taking the database's connections and the cores from the publishing itself (api/BENCHMARKS.md).
   */
  let turn: Promise<void> = Promise.resolve();
  return {
    matchListing,
    /** After the listing's commit, without waiting for it. */
    afterCommit(productId: string): void {
      turn = turn.then(() => matchListing(productId)).then(
        () => undefined,
        (error: Error) => log.warn({ err: error, productId }, 'matching saved searches failed; the sweep will'),
      );
    },
    /** When every matching started so far has ended. */
    idle: () => turn,
    async sweep(): Promise<void> {
      for (const productId of await repo.unmatched(SWEEP_AFTER_SECONDS)) await matchListing(productId);
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;

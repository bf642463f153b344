// The real-user measurements of one API instance: beacons are counted in memory and added to PostgreSQL every
// RUM_FLUSH_MS, the 30 days kept pruned; figures are read from PostgreSQL, so every instance answers alike.
import type { FastifyBaseLogger } from 'fastify';
import type { RumBeacon } from '@phonehaat/shared-api';
import type { RumRepository } from './repository.ts';
import { createAggregator } from './aggregator.ts';

export const RUM_RETENTION_DAYS = 30;
/** A flush is due early when this many distinct rows wait (many releases and routes at once). */
const FLUSH_AT_ROWS = 5_000;
/** Past this many waiting rows (the database away for long), new beacons are dropped rather than memory grown. */
const MAX_WAITING_ROWS = 50_000;

export interface RumOptions {
  repo: RumRepository;
  log: FastifyBaseLogger;
  now?: () => number;
}

export function createRum({ repo, log, now = Date.now }: RumOptions) {
  const aggregator = createAggregator();
  let flushing: Promise<void> | undefined;
  let dropped = 0;

  /** Writes what was counted; on failure it is kept for the next flush (a beacon is lost only with the process). */
  async function flush(): Promise<void> {
    if (flushing) return flushing;
    const batch = aggregator.drain();
    flushing = repo
      .add(batch)
      .catch((error: Error) => {
        aggregator.restore(batch);
        log.warn({ err: error }, 'real-user measurements could not be written; kept for the next flush');
      })
      .finally(() => (flushing = undefined));
    return flushing;
  }

  return {
    /** Counts a valid beacon. False when it was dropped (too much waiting: the database has been away). */
    record(beacon: RumBeacon): boolean {
      if (aggregator.size() >= MAX_WAITING_ROWS) {
        if (dropped++ % 1000 === 0) log.warn('real-user measurements: too many rows waiting for the database; beacons dropped');
        return false;
      }
      aggregator.add(beacon, now());
      if (aggregator.size() >= FLUSH_AT_ROWS) void flush();
      return true;
    },
    flush,
    figures: repo.figures,
    series: repo.series,
    prune: () => repo.prune(new Date(now() - RUM_RETENTION_DAYS * 24 * 60 * 60 * 1000)),
  };
}
export type Rum = ReturnType<typeof createRum>;

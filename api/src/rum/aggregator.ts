// Beacons are added up in memory per minute, release, route and language, and written every few seconds in one
// statement per table that adds to what other instances wrote (repositories/rum.ts). 500 beacons a second cost a
// few map updates each, not 500 transactions.
import type { RumBeacon, VitalName } from '@phonehaat/shared-api';
import { bucketOf } from './histogram.ts';

export interface ViewCounts {
  minute: Date;
  remote: string;
  release: string;
  route: string;
  lang: string;
  views: number;
  errors: number;
  fallbacks: number;
}

export interface VitalCount {
  minute: Date;
  remote: string;
  release: string;
  route: string;
  metric: VitalName;
  bucket: number;
  count: number;
}

export interface Drained {
  views: ViewCounts[];
  vitals: VitalCount[];
}

const MINUTE_MS = 60_000;

export function createAggregator() {
  let views = new Map<string, ViewCounts>();
  let vitals = new Map<string, VitalCount>();
  return {
    /** Counts one beacon at `now`. A beacon counts at most one error: the error rate is views with an error. */
    add({ page, events }: RumBeacon, now: number): void {
      const minute = new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS);
      const viewKey = `${minute.getTime()}|${page.remote}|${page.release}|${page.route}|${page.lang}`;
      const row = views.get(viewKey) ?? { minute, ...page, views: 0, errors: 0, fallbacks: 0 };
      const firstError = events.find((event) => event.type === 'error');
      row.views += events.some((event) => event.type === 'view') ? 1 : 0;
      row.errors += firstError ? 1 : 0;
      row.fallbacks += events.some((event) => event.type === 'error' && event.kind === 'boundary') ? 1 : 0;
      if (row.views || row.errors) views.set(viewKey, row);
      for (const event of events) {
        if (event.type !== 'vital') continue;
        const bucket = bucketOf(event.name, event.value);
        const key = `${minute.getTime()}|${page.remote}|${page.release}|${page.route}|${event.name}|${bucket}`;
        const vital = vitals.get(key) ?? { minute, remote: page.remote, release: page.release, route: page.route, metric: event.name, bucket, count: 0 };
        vital.count += 1;
        vitals.set(key, vital);
      }
    },
    /** Distinct rows waiting (bounded by minutes × releases × routes × buckets, not by traffic). */
    size: () => views.size + vitals.size,
    /** Everything counted so far, and a fresh start. */
    drain(): Drained {
      const drained = { views: [...views.values()], vitals: [...vitals.values()] };
      views = new Map();
      vitals = new Map();
      return drained;
    },
    /** Puts back what could not be written (the database was away), to be tried with the next flush. */
    restore({ views: viewRows, vitals: vitalRows }: Drained): void {
      for (const row of viewRows) {
        const key = `${row.minute.getTime()}|${row.remote}|${row.release}|${row.route}|${row.lang}`;
        const now = views.get(key);
        if (now) {
          now.views += row.views;
          now.errors += row.errors;
          now.fallbacks += row.fallbacks;
        } else views.set(key, row);
      }
      for (const row of vitalRows) {
        const key = `${row.minute.getTime()}|${row.remote}|${row.release}|${row.route}|${row.metric}|${row.bucket}`;
        const now = vitals.get(key);
        if (now) now.count += row.count;
        else vitals.set(key, row);
      }
    },
  };
}
export type Aggregator = ReturnType<typeof createAggregator>;

import { sql } from 'drizzle-orm';
import type { ReleaseFigures, VitalName } from '@phonehaat/shared-api';
import type { Db } from '../db/client.ts';
import type { Drained } from './aggregator.ts';
import { quantile, samplesIn, type BucketCount } from './histogram.ts';
import { rows } from '../db/rows.ts';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

interface ViewSum {
  release: string;
  step: string | Date;
  views: string | number;
  errors: string | number;
}
interface VitalSum {
  release: string;
  step: string | Date;
  metric: VitalName;
  bucket: number;
  count: string | number;
}

/** One release's figures from its summed views and its vitals' histograms. */
function figuresOf(release: string, views: ViewSum | undefined, vitals: VitalSum[]): ReleaseFigures {
  const histogram = (metric: VitalName): BucketCount[] => vitals.filter((row) => row.metric === metric).map((row) => ({ bucket: Number(row.bucket), count: Number(row.count) }));
  const viewCount = Number(views?.views ?? 0);
  const errors = Math.min(viewCount, Number(views?.errors ?? 0));
  const lcp = histogram('LCP');
  const inp = histogram('INP');
  return {
    release,
    views: viewCount,
    errors,
    errorRate: viewCount ? errors / viewCount : null,
    lcpP75: quantile('LCP', lcp, 0.75),
    lcpSamples: samplesIn(lcp),
    inpP75: quantile('INP', inp, 0.75),
    inpSamples: samplesIn(inp),
  };
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The real-user measurements, per minute, release and route (migration 0014). */
export function createRumRepository(db: Db) {
  /**
   * Views and vitals of a remote's releases from `from`, grouped in steps of `stepMinutes`. Counts are kept per minute,
   * so the minute `from` falls in is counted whole (a canary begun at 12:00:40 has its first views in 12:00's row).
   */
  async function sums(remote: string, releases: readonly string[] | undefined, from: Date, stepMinutes: number) {
    const only = releases ? sql`AND release IN (${list(releases)})` : sql``;
    const step = sql`date_bin(make_interval(mins => ${stepMinutes}), minute, timestamptz '2000-01-01T00:00:00Z')`;
    // One snapshot for both tables: a flush committing between two separate reads would give views without their vitals.
    return db.transaction(async (tx) => {
      const views = await rows<ViewSum>(tx, sql`SELECT release, ${step} AS step, sum(views) AS views, sum(errors) AS errors FROM rum_views
                            WHERE remote = ${remote} AND minute >= date_trunc('minute', ${from.toISOString()}::timestamptz) ${only} GROUP BY 1, 2`);
      const vitals = await rows<VitalSum>(tx, sql`SELECT release, ${step} AS step, metric, bucket, sum(count) AS count FROM rum_vitals
                             WHERE remote = ${remote} AND minute >= date_trunc('minute', ${from.toISOString()}::timestamptz) AND metric IN ('LCP', 'INP') ${only} GROUP BY 1, 2, 3, 4`);
      return { views, vitals };
    }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  return {
    /** Adds one flush's counts to every instance's, in one transaction (so a retry after a failure adds nothing twice). */
    async add({ views, vitals }: Drained): Promise<void> {
      if (!views.length && !vitals.length) return;
      await db.transaction(async (tx) => {
        if (views.length) {
          await tx.execute(sql`INSERT INTO rum_views (minute, remote, release, route, lang, views, errors, fallbacks) VALUES
            ${sql.join(views.map((row) => sql`(${row.minute.toISOString()}, ${row.remote}, ${row.release}, ${row.route}, ${row.lang}, ${row.views}, ${row.errors}, ${row.fallbacks})`), sql`, `)}
            ON CONFLICT (remote, release, minute, route, lang) DO UPDATE SET views = rum_views.views + excluded.views,
              errors = rum_views.errors + excluded.errors, fallbacks = rum_views.fallbacks + excluded.fallbacks`);
        }
        if (vitals.length) {
          await tx.execute(sql`INSERT INTO rum_vitals (minute, remote, release, route, metric, bucket, count) VALUES
            ${sql.join(vitals.map((row) => sql`(${row.minute.toISOString()}, ${row.remote}, ${row.release}, ${row.route}, ${row.metric}, ${row.bucket}, ${row.count})`), sql`, `)}
            ON CONFLICT (remote, release, minute, metric, route, bucket) DO UPDATE SET count = rum_vitals.count + excluded.count`);
        }
      });
    },

    /** Each release's figures since `since` (what the deployer judges a canary on). */
    async figures(remote: string, releases: readonly string[], since: Date): Promise<ReleaseFigures[]> {
      const minutes = Math.max(1, Math.ceil((Date.now() - since.getTime()) / 60_000) + 1);
      const { views, vitals } = await sums(remote, releases, since, minutes * 2);
      return releases.map((release) =>
        figuresOf(
          release,
          views
            .filter((row) => row.release === release)
            .reduce<ViewSum>((sum, row) => ({ ...sum, views: Number(sum.views) + Number(row.views), errors: Number(sum.errors) + Number(row.errors) }), { release, step: since, views: 0, errors: 0 }),
          vitals.filter((row) => row.release === release),
        ),
      );
    },

    /** Every release's figures per step of `stepMinutes` since `from`, oldest first (the admin's chart). */
    async series(remote: string, from: Date, stepMinutes: number) {
      const { views, vitals } = await sums(remote, undefined, from, stepMinutes);
      const keys = new Map<string, { release: string; at: string }>();
      for (const row of [...views, ...vitals]) keys.set(`${iso(row.step)}|${row.release}`, { release: row.release, at: iso(row.step) });
      return [...keys.values()]
        .sort((a, b) => a.at.localeCompare(b.at) || a.release.localeCompare(b.release))
        .map(({ release, at }) => ({
          at,
          ...figuresOf(
            release,
            views.find((row) => row.release === release && iso(row.step) === at),
            vitals.filter((row) => row.release === release && iso(row.step) === at),
          ),
        }));
    },

    /** Deletes what is older than `before` (30 days is kept); idempotent, so every instance may run it. */
    async prune(before: Date): Promise<void> {
      await db.execute(sql`DELETE FROM rum_views WHERE minute < ${before.toISOString()}`);
      await db.execute(sql`DELETE FROM rum_vitals WHERE minute < ${before.toISOString()}`);
    },
  };
}
export type RumRepository = ReturnType<typeof createRumRepository>;

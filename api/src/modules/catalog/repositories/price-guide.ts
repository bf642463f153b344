import { sql } from 'drizzle-orm';
import { MIN_GUIDE_PRICES, type PriceGuide, type PriceGuideQuery } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

/** Bands of the distribution chart. */
const BANDS = 8;

/** The smallest round width (1, 2, 2.5 or 5 times a power of ten taka) at least `raw`: about BANDS bands, never more than BANDS + 2. */
export function roundStep(raw: number): number {
  if (raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((step) => step >= raw && Number.isInteger(step)) ?? 10 * power;
}
/** A price beyond this many interquartile ranges outside the middle half is left out (Tukey's fences). */
const FENCE = 1.5;

interface Summary {
  model: string | null;
  label: string | null;
  source: 'sales' | 'asking' | null;
  chosen: string | number;
  kept: string | number;
  median: number | null;
  low: number | null;
  high: number | null;
  lowest: number | null;
  highest: number | null;
  fence_low: number | null;
  fence_high: number | null;
}

const whole = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

/**
 * The price guide of a model, condition and year (migration 0015's model key), computed in PostgreSQL: paid, not
 * refunded sales of the last 90 days when there are at least 5, otherwise the asking prices on sale; prices outside
 * Tukey's fences (1.5 IQR beyond the quartiles) are left out, and fewer than 5 left give no figure. A listing waiting
 * for review as too good to be true (issue 70) is left out too: several such would otherwise drag the range down.
 */
export function createPriceGuideRepository(db: Db) {
  return async function priceGuide({ brandId, name, condition, usedYear }: PriceGuideQuery): Promise<PriceGuide> {
    const pool = sql`
      model AS (SELECT phone_model(${name}, (SELECT name FROM brands WHERE id = ${brandId})) AS key),
      same AS (
        SELECT p.id, p.status, p.resale_price AS price FROM products p, model
        WHERE p.brand_id = ${brandId} AND p.model_key = model.key AND p.condition = ${condition} AND p.used_year = ${usedYear}
          AND p.deleted_at IS NULL AND p.model_key IS NOT NULL
          -- A price marked too good to be true (issue 70) waits for review outside the guide it was judged by.
          AND p.price_review IS DISTINCT FROM 'pending'),
      sales AS (
        SELECT same.price, pay.created_at AS at FROM same
        JOIN bookings b ON b.product_id = same.id AND b.paid
        JOIN payments pay ON pay.booking_id = b.id
        WHERE same.status = 'sold' AND pay.created_at > now() - interval '26 weeks'
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.booking_id = b.id)),
      source AS (
        SELECT CASE WHEN (SELECT count(*) FROM sales WHERE at > now() - interval '90 days') >= ${MIN_GUIDE_PRICES} THEN 'sales'
                    WHEN (SELECT count(*) FROM same WHERE status = 'available') >= ${MIN_GUIDE_PRICES} THEN 'asking' END AS kind),
      chosen AS (
        SELECT price FROM sales, source WHERE source.kind = 'sales' AND at > now() - interval '90 days'
        UNION ALL
        SELECT price FROM same, source WHERE source.kind = 'asking' AND status = 'available'),
      fences AS (
        SELECT q1 - ${FENCE} * (q3 - q1) AS low, q3 + ${FENCE} * (q3 - q1) AS high FROM (
          SELECT percentile_cont(0.25) WITHIN GROUP (ORDER BY price) AS q1, percentile_cont(0.75) WITHIN GROUP (ORDER BY price) AS q3 FROM chosen) AS q),
      kept AS (SELECT price FROM chosen, fences WHERE price BETWEEN fences.low AND fences.high)`;

    const [summary] = await rows<Summary>(
      db,
      sql`WITH ${pool}
          SELECT (SELECT key FROM model) AS model,
                 btrim(regexp_replace(${name}, '(\\m\\d{1,2}\\s*/\\s*)?\\m\\d{1,4}\\s*(gb|tb)\\M.*$', '', 'i')) || coalesce(' ' || nullif(split_part((SELECT key FROM model), '|', 2), '') || 'GB', '') AS label,
                 (SELECT kind FROM source) AS source,
                 (SELECT count(*) FROM chosen) AS chosen,
                 count(*) AS kept,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median,
                 percentile_cont(0.25) WITHIN GROUP (ORDER BY price) AS low,
                 percentile_cont(0.75) WITHIN GROUP (ORDER BY price) AS high,
                 min(price) AS lowest, max(price) AS highest,
                 (SELECT low FROM fences) AS fence_low, (SELECT high FROM fences) AS fence_high
          FROM kept`,
    );
    const kept = Number(summary?.kept ?? 0);
    const empty: PriceGuide = { model: summary?.model ? summary.label : null, condition, usedYear, source: null, count: 0, trimmed: 0, median: null, low: null, high: null, distribution: [], weekly: [] };
    if (!summary?.model || !summary.source || kept < MIN_GUIDE_PRICES) return empty;

    // Whole-taka bands of one round width (Tk 500, 1,000, 2,500…) from a round start (issue 65: the axis reads
    // Tk 40,000, Tk 41,000…, not Tk 39,871), so a price's band is the same here and on the page that marks it.
    const width = roundStep((Number(summary.highest) - Number(summary.lowest)) / BANDS);
    const lowest = Math.floor(Number(summary.lowest) / width) * width;
    const bandCount = Math.floor((Number(summary.highest) - lowest) / width) + 1;
    const [bands, weeks] = await Promise.all([
      rows<{ band: number; count: string | number }>(
        db,
        sql`WITH ${pool} SELECT (price - ${lowest}::integer) / ${width}::integer AS band, count(*) AS count FROM kept GROUP BY 1 ORDER BY 1`,
      ),
      // The weekly line is drawn from the sales whichever source the figures use, within the same fences.
      rows<{ week: string | Date; median: number; count: string | number }>(
        db,
        sql`WITH ${pool}
            SELECT date_trunc('week', at) AS week, percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median, count(*) AS count
            FROM sales, fences WHERE price BETWEEN fences.low AND fences.high GROUP BY 1 ORDER BY 1`,
      ),
    ]);
    return {
      ...empty,
      source: summary.source,
      count: kept,
      trimmed: Number(summary.chosen) - kept,
      median: whole(summary.median),
      low: whole(summary.low),
      high: whole(summary.high),
      distribution: Array.from({ length: bandCount }, (_, i) => ({
        from: lowest + i * width,
        to: lowest + (i + 1) * width - 1,
        count: Number(bands.find((band) => Number(band.band) === i)?.count ?? 0),
      })),
      weekly: weeks.map((week) => ({ week: new Date(week.week).toISOString().slice(0, 10), median: whole(week.median)!, count: Number(week.count) })),
    };
  };
}
export type PriceGuideRepository = ReturnType<typeof createPriceGuideRepository>;

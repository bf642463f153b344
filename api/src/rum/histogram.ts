// Web Vitals kept as histograms with buckets 10% wide (migration 0014): any number of samples in a fixed, small space,
// added up across minutes, routes and API instances, and a percentile read back within 10%.
import type { VitalName } from '@phonehaat/shared-api';

const GROWTH = 1.1;
const LAST_BUCKET = 140; // 1.1^140 ≈ 620,000: beyond any vital the beacon accepts

/** CLS is a unitless score: kept in thousandths, so one scale serves every vital. */
const scaleOf = (metric: VitalName) => (metric === 'CLS' ? 1000 : 1);

/** The bucket a value falls in: b holds (1.1^(b-1), 1.1^b]; bucket 0 holds everything up to 1. */
export function bucketOf(metric: VitalName, value: number): number {
  const scaled = value * scaleOf(metric);
  if (!(scaled > 1)) return 0;
  return Math.min(LAST_BUCKET, Math.ceil(Math.log(scaled) / Math.log(GROWTH) - 1e-9));
}

/** A bucket's upper bound, in the vital's own unit (ms, or CLS's score). */
export const bucketValue = (metric: VitalName, bucket: number): number => GROWTH ** bucket / scaleOf(metric);

export interface BucketCount {
  bucket: number;
  count: number;
}

/**
 * The q-th quantile (0.75 for p75) of the samples a histogram holds: the upper bound of the bucket the quantile
 * falls in, so a true value v reads as at most 1.1·v and never less. Null without samples.
 */
export function quantile(metric: VitalName, histogram: readonly BucketCount[], q: number): number | null {
  const total = histogram.reduce((sum, { count }) => sum + count, 0);
  if (!total) return null;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (const { bucket, count } of [...histogram].sort((a, b) => a.bucket - b.bucket)) {
    seen += count;
    if (seen < rank) continue;
    const value = bucketValue(metric, bucket);
    return metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
  }
  return null;
}

export const samplesIn = (histogram: readonly BucketCount[]) => histogram.reduce((sum, { count }) => sum + count, 0);

// The histograms Web Vitals are kept in: a p75 read back within 10% of the true one, never below it.
import { describe, expect, it } from 'vitest';
import { bucketOf, quantile, type BucketCount } from '../src/rum/histogram.js';

const histogramOf = (metric: 'LCP' | 'CLS', values: number[]): BucketCount[] => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(bucketOf(metric, value), (counts.get(bucketOf(metric, value)) ?? 0) + 1);
  return [...counts].map(([bucket, count]) => ({ bucket, count }));
};

describe('vital histograms', () => {
  it('read a p75 within 10% above the true one, for spread and for equal values', () => {
    const spread = Array.from({ length: 1000 }, (_, i) => 200 + i * 7); // 200 … 7193 ms; true p75 5443
    const p75 = quantile('LCP', histogramOf('LCP', spread), 0.75)!;
    expect(p75).toBeGreaterThanOrEqual(5443);
    expect(p75).toBeLessThanOrEqual(5443 * 1.1);
    expect(quantile('LCP', histogramOf('LCP', Array(50).fill(2500)), 0.75)).toBeGreaterThanOrEqual(2500);
    expect(quantile('LCP', histogramOf('LCP', Array(50).fill(2500)), 0.75)).toBeLessThanOrEqual(2750);
  });

  it('keeps CLS scores in thousandths', () => {
    const p75 = quantile('CLS', histogramOf('CLS', [0, 0, 0.05, 0.3]), 0.75)!;
    expect(p75).toBeGreaterThanOrEqual(0.05);
    expect(p75).toBeLessThanOrEqual(0.055);
  });

  it('has nothing to say without samples, and puts tiny and huge values in the end buckets', () => {
    expect(quantile('LCP', [], 0.75)).toBeNull();
    expect(bucketOf('LCP', 0)).toBe(0);
    expect(bucketOf('LCP', 0.4)).toBe(0);
    expect(bucketOf('LCP', 600_000)).toBe(140);
  });
});

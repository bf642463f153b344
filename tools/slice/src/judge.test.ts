// The canary judgment (issue 29): no decision on too few views, none for equal rates, a rollback for a clear
// regression, a promotion for a canary healthy long enough.
import { describe, expect, it } from 'vitest';
import type { ReleaseFigures } from '@phonehaat/shared-api';
import { defaultJudgeSettings, errorRateTest, judge, upperTail } from './judge.js';

const figures = (release: string, views: number, errors: number, vitals: Partial<ReleaseFigures> = {}): ReleaseFigures => ({
  release,
  views,
  errors,
  errorRate: views ? errors / views : null,
  lcpP75: 1800,
  lcpSamples: views,
  inpP75: 120,
  inpSamples: views,
  ...vitals,
});
const settings = { ...defaultJudgeSettings, minViews: 200, healthyMs: 10 * 60_000 };
const minute = 60_000;

describe('judging a canary', () => {
  it('decides nothing while either side has too few views, however bad the canary looks', () => {
    const verdict = judge(figures('canary', 199, 199), figures('live', 5000, 0), 60 * minute, settings);
    expect(verdict).toEqual({ decision: 'wait', reason: 'too few page views to judge: canary 199, live 5000 (at least 200 each)' });
    expect(judge(figures('canary', 500, 0), figures('live', 150, 0), 60 * minute, settings).decision).toBe('wait');
  });

  it('does not roll back for equal error rates, nor for a difference chance explains', () => {
    expect(judge(figures('canary', 1000, 20), figures('live', 9000, 180), 5 * minute, settings).decision).toBe('wait');
    // 2.6% against 2%: not significant at 1% on these numbers.
    expect(judge(figures('canary', 500, 13), figures('live', 5000, 100), 5 * minute, settings).decision).toBe('wait');
    expect(judge(figures('canary', 400, 0), figures('live', 4000, 0), 5 * minute, settings).decision).toBe('wait');
  });

  it('rolls back a clear regression in the error rate, saying why with the figures', () => {
    const verdict = judge(figures('canary', 400, 40), figures('live', 4000, 80), 5 * minute, settings);
    expect(verdict.decision).toBe('rollback');
    expect(verdict.reason).toMatch(/^error rate 10% \(40\/400 views\) against 2\.0% \(80\/4000 views\) live: z = \d+\.\d\d, p = < 0\.0001 < 0\.01$/);
  });

  it('does not roll back a significant but negligible rise (below the minimum increase)', () => {
    const huge = { ...settings, minErrorRateIncrease: 0.01 };
    // 0.5% against 0.3% on a million views each is significant, and only 0.2 points.
    expect(judge(figures('canary', 1_000_000, 5000), figures('live', 1_000_000, 3000), 5 * minute, huge).decision).toBe('wait');
  });

  it('rolls back a canary whose p75 LCP or INP is much slower, and not one a little slower', () => {
    const slow = judge(figures('canary', 400, 0, { lcpP75: 2900 }), figures('live', 4000, 0, { lcpP75: 1800 }), 5 * minute, settings);
    expect(slow).toEqual({ decision: 'rollback', reason: 'p75 LCP 2900 ms against 1800 ms live (over 1.2× and 250 ms slower; 400 and 4000 samples)' });
    expect(judge(figures('canary', 400, 0, { inpP75: 400 }), figures('live', 4000, 0, { inpP75: 120 }), 5 * minute, settings).decision).toBe('rollback');
    expect(judge(figures('canary', 400, 0, { lcpP75: 2000 }), figures('live', 4000, 0, { lcpP75: 1800 }), 5 * minute, settings).decision).toBe('wait');
    // Too few LCP samples on the canary side: not judged on LCP.
    expect(judge(figures('canary', 400, 0, { lcpP75: 9000, lcpSamples: 20 }), figures('live', 4000, 0), 5 * minute, settings).decision).toBe('wait');
  });

  it('promotes a canary that stayed healthy for the set time, and waits before then', () => {
    expect(judge(figures('canary', 400, 8), figures('live', 4000, 80), 9 * minute, settings).decision).toBe('wait');
    const verdict = judge(figures('canary', 400, 8), figures('live', 4000, 80), 10 * minute, settings);
    expect(verdict.decision).toBe('promote');
    expect(verdict.reason).toMatch(/^healthy for 10 min: error rate 2\.0% \(8\/400 views\) against 2\.0% live/);
  });
});

describe('the error-rate test', () => {
  it('matches the textbook z and the normal tail', () => {
    // 40/400 against 80/4000: pooled 120/4400; z = 0.08 / sqrt(p(1-p)(1/400 + 1/4000)) ≈ 9.37
    expect(errorRateTest({ views: 400, errors: 40 }, { views: 4000, errors: 80 }).z).toBeCloseTo(9.37, 1);
    expect(upperTail(1.6449)).toBeCloseTo(0.05, 4);
    expect(upperTail(2.3263)).toBeCloseTo(0.01, 4);
    expect(upperTail(0)).toBeCloseTo(0.5, 6);
    expect(errorRateTest({ views: 10, errors: 10 }, { views: 10, errors: 10 })).toEqual({ z: 0, p: 1 });
  });
});

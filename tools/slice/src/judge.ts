// Judging an --auto canary (issue 29): the canary's real-user figures against the live release's, over the same
// time, from the API (decision 025). Pure: the deployer's loop asks it and acts on the verdict.
import type { ReleaseFigures } from '@phonehaat/shared-api';

export interface JudgeSettings {
  /** Neither side is judged before it has this many page views (and vitals samples). */
  minViews: number;
  /** A canary with no regression for this long (and the views) is promoted to everyone. */
  healthyMs: number;
  /** The one-sided significance level of the error-rate test. */
  alpha: number;
  /** An error rate this much above the live one's (absolute) is needed too: significance alone is not harm. */
  minErrorRateIncrease: number;
  /** A p75 LCP or INP more than this times the live one's is a regression… */
  latencyRatio: number;
  /** …when it is also this many milliseconds slower (LCP, INP). */
  lcpFloorMs: number;
  inpFloorMs: number;
}

export const defaultJudgeSettings: JudgeSettings = {
  minViews: 200,
  healthyMs: 30 * 60 * 1000,
  alpha: 0.01,
  minErrorRateIncrease: 0.01,
  latencyRatio: 1.2,
  lcpFloorMs: 250,
  inpFloorMs: 50,
};

export type Verdict = { decision: 'wait' | 'rollback' | 'promote'; reason: string };

/** The standard normal distribution's upper tail, P(Z > z) (Abramowitz and Stegun 26.2.17; error below 7.5e-8). */
export function upperTail(z: number): number {
  if (z < 0) return 1 - upperTail(-z);
  const t = 1 / (1 + 0.2316419 * z);
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  return density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
}

/**
 * The one-sided two-proportion z-test that the canary's error rate is higher than the live one's: z, and its p-value.
 * The rates are pooled under the hypothesis that they are equal; with no errors (or only errors) on both sides there
 * is no difference to test (z = 0, p = 1).
 */
export function errorRateTest(canary: { views: number; errors: number }, live: { views: number; errors: number }): { z: number; p: number } {
  const pooled = (canary.errors + live.errors) / (canary.views + live.views);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / canary.views + 1 / live.views));
  if (!spread) return { z: 0, p: 1 };
  const z = (canary.errors / canary.views - live.errors / live.views) / spread;
  return { z, p: upperTail(z) };
}

const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`;
const side = (figures: ReleaseFigures) => `${figures.errors}/${figures.views} views`;

/** A p75 regression of one vital, or undefined. */
function slower(name: 'LCP' | 'INP', canary: number | null, live: number | null, samples: [number, number], settings: JudgeSettings): string | undefined {
  if (canary === null || live === null || Math.min(...samples) < settings.minViews) return undefined;
  const floor = name === 'LCP' ? settings.lcpFloorMs : settings.inpFloorMs;
  if (canary <= live * settings.latencyRatio || canary - live <= floor) return undefined;
  return `p75 ${name} ${canary} ms against ${live} ms live (over ${settings.latencyRatio}× and ${floor} ms slower; ${samples[0]} and ${samples[1]} samples)`;
}

/** What to do with a canary now, given both sides' figures since it started and how long it has run. */
export function judge(canary: ReleaseFigures, live: ReleaseFigures, runningMs: number, settings: JudgeSettings): Verdict {
  if (canary.views < settings.minViews || live.views < settings.minViews) {
    return { decision: 'wait', reason: `too few page views to judge: canary ${canary.views}, live ${live.views} (at least ${settings.minViews} each)` };
  }
  const test = errorRateTest(canary, live);
  const increase = canary.errors / canary.views - live.errors / live.views;
  if (test.p < settings.alpha && increase >= settings.minErrorRateIncrease) {
    return {
      decision: 'rollback',
      reason: `error rate ${percent(canary.errors / canary.views)} (${side(canary)}) against ${percent(live.errors / live.views)} (${side(live)}) live: z = ${test.z.toFixed(2)}, p = ${test.p < 0.0001 ? '< 0.0001' : test.p.toFixed(4)} < ${settings.alpha}`,
    };
  }
  const regression =
    slower('LCP', canary.lcpP75, live.lcpP75, [canary.lcpSamples, live.lcpSamples], settings) ??
    slower('INP', canary.inpP75, live.inpP75, [canary.inpSamples, live.inpSamples], settings);
  if (regression) return { decision: 'rollback', reason: regression };
  const healthy = `error rate ${percent(canary.errors / canary.views)} (${side(canary)}) against ${percent(live.errors / live.views)} live; p75 LCP ${canary.lcpP75 ?? '–'} ms against ${live.lcpP75 ?? '–'} ms; p75 INP ${canary.inpP75 ?? '–'} ms against ${live.inpP75 ?? '–'} ms`;
  if (runningMs >= settings.healthyMs) return { decision: 'promote', reason: `healthy for ${Math.round(runningMs / 60_000)} min: ${healthy}` };
  return { decision: 'wait', reason: `healthy so far (${healthy}); promoted after ${Math.round(settings.healthyMs / 60_000)} min` };
}

// One page measured by Lighthouse 13 (its default mobile profile: a mid-range phone on slow 4G, simulated) in Debian's
// Chromium, a few times, signed in where the page needs it: for pnpm bench:mobile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { shellUrl } from '../stack';
import { chromiumArgs, executablePath, signIn, type Account } from './common';

export const RUNS = 3;
const DEBUGGING_PORT = 9322;

export interface Goal {
  score?: number;
  lcpMs: number;
  cls: number;
  tbtMs?: number;
}

export interface Target {
  name: string;
  path: string;
  account?: Account;
  goal: Goal;
}

export interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
}

/** One Lighthouse navigation in the browser listening on DEBUGGING_PORT, its HTTP cache cleared first. */
async function lighthouseRun(url: string, signedIn: boolean): Promise<Run> {
  const result = await lighthouse(url, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // A signed-in page keeps the session (IndexedDB); the HTTP cache is cleared by the caller either way.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const jsBytes = requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    jsKb: jsBytes / 1024,
  };
}

/** Lighthouse's runs of one page of the stack at `base` (the end-to-end stack's shell unless said). */
export async function measure(target: Target, base = shellUrl): Promise<Run[]> {
  const profile = mkdtempSync(join(tmpdir(), 'phonehaat-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: [...chromiumArgs, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (target.account) await signIn(page, target.account, base);
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      await cdp.send('Network.clearBrowserCache');
      runs.push(await lighthouseRun(`${base}${target.path}`, Boolean(target.account)));
    }
    return runs;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}


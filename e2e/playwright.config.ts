import { defineConfig, devices } from '@playwright/test';
import { shellLaunchOptions } from './browser';
import { loggingStderr } from './server-logs';
import { services, shellUrl } from './stack';

// The journeys that release, promote and roll back slices change what every page serves: they run after the others,
// one at a time. The rest run two at a time (each journey makes its own accounts and phones; E2E_WORKERS=1 for one).
const releasing = /\/(deploy|installable)\.spec\.ts$/;
// The journeys run in Chromium's headless shell; the few that need the whole browser say so (browser.ts).
const chromium = { ...devices['Desktop Chrome'], launchOptions: shellLaunchOptions };

export default defineConfig({
  testDir: './tests',
  // Two journeys at once on two cores take about twice as long as one alone (escrow's longest: 30 s alone, over 60 s
  // beside another): the limit allows for it.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ['./server-logs.ts', { names: services.map((service) => service.name) }],
  ],
  use: {
    baseURL: shellUrl,
    // Recording a trace costs every journey a fifth of its time (storefront and sweep, one sitting: 3.5 min with, 2.8
    // without): on CI only a failed journey's retry records one; locally every failure keeps its own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: shellLaunchOptions,
    // The app's service worker (issue 48) stays out of the journeys (it would answer what they route); the
    // installable app's own tests allow it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', testIgnore: releasing, use: chromium },
    { name: 'releases', testMatch: releasing, dependencies: ['chromium'], workers: 1, use: chromium },
  ],
  // One web server per service: emulator, fake Stripe, API, each remote and the shell; each one's stderr kept in
  // e2e/.data/logs and printed when a run fails (server-logs.ts).
  webServer: services.map((service) => ({
    name: service.name,
    command: loggingStderr(service.name, service.command),
    cwd: service.cwd,
    env: service.env,
    url: service.url,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'ignore' as const,
  })),
});

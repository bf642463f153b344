import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { services, shellUrl } from './stack';

// Debian's Chromium when present (Playwright cannot download its own browser here).
const debianChromium = '/usr/bin/chromium';
const launchOptions = {
  ...(existsSync(debianChromium) ? { executablePath: debianChromium } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: shellUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  // One web server per service: emulator, fake Stripe, API, each remote and the shell.
  webServer: services.map((service) => ({
    name: service.name,
    command: service.command,
    cwd: service.cwd,
    env: service.env,
    url: service.url,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});

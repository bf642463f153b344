import { existsSync } from 'node:fs';

// Debian's Chromium when present (Playwright cannot download its own browser here).
const debianChromium = '/usr/bin/chromium';
export const launchOptions = {
  ...(existsSync(debianChromium) ? { executablePath: debianChromium } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

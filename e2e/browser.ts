import { existsSync } from 'node:fs';

// Debian's Chromium (Playwright cannot download its own browser here). Most journeys run in its old headless shell
// (Debian's chromium-headless-shell, the build Playwright itself uses for headless runs): the same engine without the
// browser's own interface, about a quarter less CPU per journey on this machine (decision 048). The few that need
// what only the whole browser has (the Push API; installing the app) run in it.
const debianChromium = '/usr/bin/chromium';
const debianHeadlessShell = '/usr/lib/chromium/chromium-headless-shell';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** The whole browser. */
export const launchOptions = {
  ...(existsSync(debianChromium) ? { executablePath: debianChromium } : {}),
  args,
};

/** The headless shell where it is installed (E2E_CHROMIUM names another browser), else the whole browser. */
export const shellLaunchOptions = {
  ...launchOptions,
  ...(process.env.E2E_CHROMIUM ? { executablePath: process.env.E2E_CHROMIUM } : existsSync(debianHeadlessShell) ? { executablePath: debianHeadlessShell } : {}),
};

// What the browser benchmarks (bench:web, bench:mobile) share: Debian's Chromium, the build and stack, signing
// in as a demo account, medians, and writing a table between markers in README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { root } from '@phonehaat/stack';
import { shellUrl } from '../stack';

export type Account = { email: string; password: string };

/** Debian's Chromium where there is one (Playwright's own browser otherwise). */
export const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Production builds of the shell and every remote, as the end-to-end tests use them. */
export function buildAll(): void {
  console.log('Building the shell and the remotes…');
  execFileSync('pnpm', ['exec', 'tsx', 'build.ts'], { cwd: `${root}e2e`, stdio: 'inherit' });
}

/** Signs in through the shell's login form (of the stack at `base`); the session then lives in the browser profile. */
export async function signIn(page: Page, account: Account, base = shellUrl): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Attached: on a phone's width the navbar folds it into the menu.
  await page.getByRole('link', { name: 'Dashboard', includeHidden: true }).waitFor({ state: 'attached' });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Replaces what lies between `<!-- name:start -->` and `<!-- name:end -->` in README.md. */
export function writeReadmeSection(name: string, table: string): void {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!readme.includes(start) || !readme.includes(end)) {
    console.log(`README.md has no ${start} … ${end} markers: the table is printed only.`);
    return;
  }
  writeFileSync(`${root}README.md`, `${readme.slice(0, readme.indexOf(start) + start.length)}\n${table}${readme.slice(readme.indexOf(end))}`);
  console.log(`README.md: the ${name} table is updated.`);
}

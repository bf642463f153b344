// pnpm bench:soak [--requests 20000] [--no-build] — the shell's server under a long run (issue 41): composed requests
// across the composed pages (a visitor's and a signed-in buyer's, both languages), a storefront release promoted at a
// third of the way and rolled back at two thirds, the server's resident memory read from /proc at 1k requests and
// every 5k. Fails on any request that is not a composed page, or on a server that is gone.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { launch } from '@phonehaat/stack';
import { demo, slice } from '../fixtures';
import { apiUrl, ports, services, shellUrl } from '../stack';
import { buildAll, chromiumArgs, executablePath, signIn } from './common';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const total = process.argv.includes('--requests') ? Number(arg('--requests')) : 20_000;
const CONCURRENCY = 8;

if (!process.argv.includes('--no-build')) buildAll();
const stack = await launch(services, { quiet: true });
try {
  /** The process listening on the shell's port (tsx runs the server in a child of its own). */
  const shellPid = () => Number(execFileSync('ss', ['-ltnpH', `sport = :${ports.shell}`], { encoding: 'utf8' }).match(/pid=(\d+)/)?.[1]);
  const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;
  const pid = shellPid();

  // A signed-in buyer's cookies (the remembered session the server composes with), from a real sign-in.
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demo.buyer);
  const cookie = (await context.cookies(shellUrl)).map(({ name, value }) => `${name}=${value}`).join('; ');
  await browser.close();

  const [phone] = (await (await fetch(`${apiUrl}/advertised`)).json()) as { _id: string; brandId: string; sellerId: string }[];
  const visitorPaths = ['/', '/blog', `/sellers/${phone!.sellerId}`];
  const buyerPaths = ['/search?q=iphone', `/products/${phone!.brandId}`, `/product/${phone!._id}`, '/dashboard/myorders'];
  const targets = [...visitorPaths.map((path) => ({ path, cookie: '' })), ...buyerPaths.map((path) => ({ path, cookie }))].flatMap((target) => [target, { ...target, path: `/bn${target.path === '/' ? '' : target.path}` }]);

  const samples: { at: number; rssMb: number }[] = [];
  const latencies: number[] = [];
  const failures: string[] = [];
  let sent = 0;
  let done = 0;
  let step: Promise<unknown> = Promise.resolve();
  let released: string | undefined;
  const checkpoint = (count: number) => {
    if (count === 1000 || count % 5000 === 0 || count === total) samples.push({ at: count, rssMb: rssMb(pid) });
    // A release of the storefront goes live a third of the way, and is rolled back at two thirds (as a team would).
    if (count === Math.floor(total / 3))
      step = step.then(async () => {
        released = (await slice(['release', 'storefront'], { PHONEHAAT_BUILD_ID: 'soak' })).stdout;
        return slice(['promote', 'storefront', released]);
      });
    if (count === Math.floor((2 * total) / 3)) step = step.then(() => slice(['rollback', 'storefront']));
  };
  const worker = async () => {
    while (sent < total) {
      const target = targets[sent++ % targets.length]!;
      const started = performance.now();
      try {
        const response = await fetch(`${shellUrl}${target.path}`, { headers: target.cookie ? { cookie: target.cookie } : {}, redirect: 'manual' });
        const html = await response.text();
        if (response.status !== 200 || !html.includes('data-remote=')) failures.push(`${target.path}: ${response.status}`);
      } catch (error) {
        failures.push(`${target.path}: ${(error as Error).message}`);
      }
      latencies.push(performance.now() - started);
      checkpoint(++done);
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await step;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!.toFixed(1);
  console.log(`${total} composed requests over ${targets.length} pages in ${((Date.now() - began) / 1000).toFixed(0)} s, ${CONCURRENCY} at a time; release ${released ?? '(none)'} promoted at ${Math.floor(total / 3)} and rolled back at ${Math.floor((2 * total) / 3)}`);
  console.log(`latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; failures ${failures.length}${failures.length ? `: ${failures.slice(0, 5).join(', ')}` : ''}`);
  console.log(`the shell's server (pid ${pid}) ${shellPid() === pid ? 'still running' : 'GONE'}; resident memory:`);
  for (const sample of samples) console.log(`  after ${sample.at} requests: ${sample.rssMb.toFixed(0)} MB`);
  if (failures.length || shellPid() !== pid) process.exitCode = 1;
} finally {
  await stack.stop();
}

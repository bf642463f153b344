// pnpm bench:first-page [--no-build] [--seconds 10] — a visitor's composed first page under load (issue 66): `/`,
// `/bn/` and a phone's public page, 10 connections each (autocannon, gzip accepted as browsers and CDNs do), from two
// shell servers started side by side on the same stack: one keeping visitors' pages (the default) and one composing
// each request (PAGE_CACHE_TTL_MS=0), measured in turns in one sitting. Fails unless every answer is a composed page
// and the kept pages meet the target (≥ 1,000 requests/s, p99 ≤ 50 ms). Writes the table into README.md.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { launch, root } from '@phonehaat/stack';
import { freePort } from '../fixtures';
import { apiUrl, deployerUrl, publicEnv, services } from '../stack';
import { buildAll, writeReadmeSection } from './common';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const SECONDS = process.argv.includes('--seconds') ? Number(arg('--seconds')) : 10;
const CONNECTIONS = 10;
const TARGET = { rps: 1000, p99: 50 };

/** A shell server of its own, on the stack's API and deployer. */
async function shellServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn('sh', ['-c', `exec pnpm exec tsx server/main.ts dist ${port} </dev/null`], {
    cwd: `${root}shell`,
    env: { ...process.env, ...publicEnv, API_URL: apiUrl, DEPLOYER_URL: deployerUrl, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (await fetch(`${url}/`).then((r) => r.ok, () => false)) break;
    if (tries > 300) throw new Error(`the shell server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

async function measure(url: string, path: string, duration: number) {
  const result = await autocannon({ url: `${url}${path}`, connections: CONNECTIONS, duration, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average as number, p50: result.latency.p50 as number, p99: result.latency.p99 as number };
}

if (!process.argv.includes('--no-build')) buildAll();
const stack = await launch(services, { quiet: true });
const servers: { stop(): void }[] = [];
try {
  const [phone] = (await (await fetch(`${apiUrl}/advertised`)).json()) as { _id: string; name: string }[];
  if (!phone) throw new Error('no advertised phone in the demo data');
  const paths = ['/', '/bn/', `/product/${phone._id}`];
  const kept = await shellServer({});
  const composed = await shellServer({ PAGE_CACHE_TTL_MS: '0' });
  servers.push(kept, composed);
  const variants = [
    { name: 'kept for visitors', url: kept.url },
    { name: 'composed each time (PAGE_CACHE_TTL_MS=0)', url: composed.url },
  ];

  // Both answer the same composed page: the phone's name in its page, the Bangla home in Bangla.
  for (const { url, name } of variants) {
    const page = await (await fetch(`${url}/product/${phone._id}`)).text();
    const home = await (await fetch(`${url}/bn/`)).text();
    if (!page.includes(phone.name) || !home.includes('lang="bn"')) throw new Error(`${name}: not a composed page`);
  }

  const rows: string[] = [];
  let missed = false;
  for (const path of paths) {
    for (const { name, url } of variants) {
      await measure(url, path, 2); // JIT, the kept page
      const figures = await measure(url, path, SECONDS);
      const meets = figures.rps >= TARGET.rps && figures.p99 <= TARGET.p99;
      if (url === kept.url && !meets) missed = true;
      rows.push(`| \`${path.replace(phone._id, ':id')}\` | ${name} | ${Math.round(figures.rps).toLocaleString('en-US')} | ${figures.p50} | ${figures.p99} |`);
      console.log(rows.at(-1));
    }
  }
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`pnpm bench:first-page\`: one shell server, ${CONNECTIONS} connections, ${SECONDS} s per row after 2 s of warm-up, gzip accepted, no cookies (a first visit). Target: ≥ ${TARGET.rps.toLocaleString('en-US')} requests/s with p99 ≤ ${TARGET.p99} ms.`,
    '',
    '| Page | Shell server | Requests/s | p50 ms | p99 ms |',
    '| --- | --- | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
  console.log(table);
  writeReadmeSection('bench:first-page', table);
  if (missed) process.exitCode = 1;
} finally {
  for (const server of servers) server.stop();
  await stack.stop();
}

// pnpm --filter api bench:streams (and the last part of `pnpm --filter api bench`) — the conversations' live stream
// (issue 26), on loopback, bounded in count and time:
//  1. BENCH_STREAMS (2,000) open streams on one instance, and the memory each costs (the server's own RSS and heap,
//     from its /metrics, before and after);
//  2. delivery latency, send → the other person's stream, at 50 messages a second for BENCH_STREAM_SECONDS (10 s): on
//     one instance (PGlite, and PostgreSQL when DATABASE_URL is set), and across two instances on PostgreSQL (sent to
//     one, heard on the other), with the idle streams still open;
//  3. beside it, the bare fan-out floor: PostgreSQL's NOTIFY → LISTEN alone at the same rate.
// Writes its section of api/BENCHMARKS.md.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Message, StreamEvent } from '@phonehaat/shared-api';
import { temporaryDatabase } from '../test/support/temporary-database.js';
import { startServer, type ServerInfo } from './spawn-server.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 10);
const RATE = 50;
const apiDir = fileURLToPath(new URL('../', import.meta.url));
const adminUrl = process.env.DATABASE_URL;

const base = (info: ServerInfo) => `http://127.0.0.1:${info.port}`;
async function call<T>(url: string, token: string, method = 'POST', body?: unknown): Promise<T> {
  const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** One stream, read as a browser would; resolves once it says `ready`. */
function openStream(url: string, onEvent: (event: StreamEvent) => void): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const event = JSON.parse(data) as StreamEvent;
          if (event.type === 'ready') resolve(request);
          onEvent(event);
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
}

async function memory(info: ServerInfo): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${base(info)}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: value('process_resident_memory_bytes'), heap: value('nodejs_heap_size_used_bytes') };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Latency {
  sent: number;
  received: number;
  p50: number;
  p99: number;
}

/** Sends RATE messages a second through `sender` for SECONDS; times each until it arrives on the seller's stream at `listener`. */
async function deliveryLatency(sender: ServerInfo, listener: ServerInfo): Promise<Latency> {
  const thread = await call<{ _id: string }>(`${base(sender)}/threads`, sender.token, 'POST', { productId: sender.productId });
  const { ticket } = await call<{ ticket: string }>(`${base(listener)}/stream/tickets`, listener.sellerToken);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const stream = await openStream(`${base(listener)}/stream?ticket=${encodeURIComponent(ticket)}`, (event) => {
    if (event.type !== 'message') return;
    const started = sentAt.get(event.message.clientId);
    if (started !== undefined) latencies.push(performance.now() - started);
  });
  const total = RATE * SECONDS;
  const sends: Promise<Message>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const clientId = randomUUID();
    sentAt.set(clientId, performance.now());
    sends.push(call<Message>(`${base(sender)}/threads/${thread._id}/messages`, sender.token, 'POST', { clientId, body: `bench message ${i}` }));
  }
  await Promise.all(sends);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  stream.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return { sent: total, received: latencies.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** STREAMS idle streams of one listener; the memory they cost the server. */
async function openIdle(info: ServerInfo): Promise<{ streams: ClientRequest[]; perStreamKb: { rss: number; heap: number }; openedMs: number }> {
  const before = await memory(info);
  const started = performance.now();
  const streams: ClientRequest[] = [];
  for (let i = 0; i < STREAMS; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, STREAMS - i) }, async () => {
        const { ticket } = await call<{ ticket: string }>(`${base(info)}/stream/tickets`, info.listenerToken);
        return openStream(`${base(info)}/stream?ticket=${encodeURIComponent(ticket)}`, () => undefined);
      }),
    );
    streams.push(...batch);
  }
  const openedMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await memory(info);
  return { streams, openedMs, perStreamKb: { rss: (after.rss - before.rss) / STREAMS / 1024, heap: (after.heap - before.heap) / STREAMS / 1024 } };
}

/** PostgreSQL's NOTIFY → LISTEN alone, at the same rate: what no delivery through it can beat. */
async function notifyFloor(url: string): Promise<Latency> {
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), notifier.connect()]);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  listener.on('notification', (note) => {
    const started = sentAt.get(note.payload ?? '');
    if (started !== undefined) latencies.push(performance.now() - started);
  });
  await listener.query('LISTEN bench_floor');
  const total = RATE * SECONDS;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const id = String(i);
    sentAt.set(id, performance.now());
    void notifier.query('SELECT pg_notify($1, $2)', ['bench_floor', id]);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await Promise.all([listener.end(), notifier.end()]);
  const sorted = latencies.sort((a, b) => a - b);
  return { sent: total, received: latencies.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const env = { BENCH_PRODUCTS: '2000', LOG_LEVEL: 'warn' };
const rows: string[] = [];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const latencyRow = (name: string, latency: Latency) => `| ${name} | ${latency.received} / ${latency.sent} | ${ms(latency.p50)} | ${ms(latency.p99)} |`;

console.log('Streams on one instance (PGlite)…');
const one = await startServer(env);
let idle;
try {
  idle = await openIdle(one.info);
  rows.push(latencyRow('one instance, PGlite (in-process fan-out)', await deliveryLatency(one.info, one.info)));
  idle.streams.forEach((stream) => stream.destroy());
} finally {
  await one.stop();
}

let floor: Latency | undefined;
if (adminUrl) {
  const temp = await temporaryDatabase(adminUrl, 'phonehaat_bench');
  try {
    console.log('One instance and two on PostgreSQL…');
    const a = await startServer({ ...env, BENCH_DATABASE_URL: temp.url });
    const b = await startServer({ ...env, BENCH_DATABASE_URL: temp.url, BENCH_SEED: '0' });
    try {
      const idleOnB = await openIdle(b.info);
      rows.push(latencyRow('one instance, PostgreSQL (NOTIFY → LISTEN)', await deliveryLatency(b.info, b.info)));
      rows.push(latencyRow('two instances, PostgreSQL: sent to one, heard on the other', await deliveryLatency(a.info, b.info)));
      idleOnB.streams.forEach((stream) => stream.destroy());
      floor = await notifyFloor(temp.url);
      rows.push(latencyRow('the floor: NOTIFY → LISTEN alone (no API)', floor));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    await temp.drop();
  }
}

const section = `
## Conversations: live streams (\`pnpm --filter api bench:streams\`)

Measured on ${new Date().toISOString().slice(0, 10)}, loopback only, this machine's 2 cores shared by the client, the
instances and the database. ${STREAMS.toLocaleString('en')} idle Server-Sent Event streams were opened on one instance
(PGlite) in ${(idle.openedMs / 1000).toFixed(1)} s, each after asking for its ticket; each cost the server
**${idle.perStreamKb.rss.toFixed(1)} KB of resident memory** (${idle.perStreamKb.heap.toFixed(1)} KB of JS heap), read from its /metrics before and
after. With those streams open (on the instance that hears), one buyer sends ${RATE} messages a second for ${SECONDS} s
and the seller's stream times each from the send to its arrival:

| delivery | arrived | p50 | p99 |
|---|---:|---:|---:|
${rows.join('\n')}
${adminUrl ? '' : '\n(Without DATABASE_URL: PostgreSQL and two instances not measured.)\n'}`;

const file = `${apiDir}BENCHMARKS.md`;
const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
const heading = '\n## Conversations: live streams';
const at = previous.indexOf(heading);
const next = at < 0 ? -1 : previous.indexOf('\n## ', at + heading.length);
const updated = at < 0 ? `${previous.trimEnd()}\n${section}` : `${previous.slice(0, at)}${section}${next < 0 ? '' : previous.slice(next)}`;
writeFileSync(file, updated);
console.log(section);

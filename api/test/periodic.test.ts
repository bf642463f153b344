// The API's one scheduler (decision 031): every periodic sweep is a job-queue job, so on several instances each sweep
// runs once per period, not once per instance, and a slow run is never overlapped by the next.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.js';
import type { Periodic } from '../src/jobs/periodic.js';
import { databaseKind, temporaryPostgres } from './support/harness.js';
import { sleep } from './support/wait.js';

const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOB_POLL_SECONDS: '0.5' });
const log = Fastify({ logger: { level: 'silent' } }).log;
const noPayouts = { plan: async () => [], pay: async () => undefined };

interface Instance {
  database: Database;
  queue: JobQueue;
}

/** `count` instances of the job queue on one database, each given the same sweeps (as every API instance is). */
async function instances(count: number, url: string | undefined, periodic: (instance: number) => Periodic[]): Promise<Instance[]> {
  const started: Instance[] = [];
  const shared = url ? undefined : await openDatabase({ dataDir: 'memory://' });
  for (let i = 0; i < count; i++) {
    const database = shared ?? (await openDatabase({ url, poolSize: 3 }));
    const queue = createJobQueue(database, env, log);
    await queue.start({ payouts: noPayouts, periodic: periodic(i) });
    started.push({ database, queue });
  }
  return started;
}

async function stopAll(started: Instance[]) {
  for (const { queue } of started) await queue.stop();
  for (const database of new Set(started.map((each) => each.database))) await database.close();
}

describe.runIf(databaseKind === 'postgres')('two API instances on one database', () => {
  let drop: () => Promise<void>;
  let started: Instance[] = [];
  const runs: number[][] = [[], []];
  let overlapping = 0;
  let slowRuns = 0;
  let running = false;
  let startedAt = 0;

  beforeAll(async () => {
    const temp = await temporaryPostgres();
    drop = temp.drop;
    startedAt = Date.now();
    started = await instances(2, temp.url, (i) => [
      { name: 'tick', seconds: 1, work: async () => void runs[i]!.push(Date.now()) },
      {
        // Takes three periods: never started again while it runs.
        name: 'slow',
        seconds: 1,
        work: async () => {
          if (running) overlapping++;
          running = true;
          slowRuns++;
          await sleep(3000);
          running = false;
        },
      },
    ]);
  });
  afterAll(async () => {
    await stopAll(started);
    await drop?.();
  });

  it('run each sweep once per period between them, not once per instance', async () => {
    await sleep(6500);
    const all = [...runs[0]!, ...runs[1]!];
    // Once per one-second slot since the queues started between the two (a run late under load may fall in the next
    // second, so no finer check): once per instance per slot would be about twice as many.
    const slots = Math.ceil((Date.now() - startedAt) / 1000) + 1;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.length).toBeLessThanOrEqual(slots);
  });

  it('never overlap a slow run with the next', () => {
    expect(slowRuns).toBeGreaterThanOrEqual(2);
    expect(slowRuns).toBeLessThanOrEqual(3);
    expect(overlapping).toBe(0);
  });

  it('go on when one instance stops', async () => {
    await started[0]!.queue.stop();
    const before = runs[1]!.length;
    await sleep(3500);
    expect(runs[1]!.length - before).toBeGreaterThanOrEqual(2);
  });
});

describe('one instance on PGlite', () => {
  let started: Instance[] = [];
  let runs = 0;
  let failures = 0;
  let startedAt = 0;
  beforeAll(async () => {
    startedAt = Date.now();
    started = await instances(1, undefined, () => [
      { name: 'tick', seconds: 1, work: async () => void runs++ },
      {
        name: 'failing',
        seconds: 1,
        work: async () => {
          failures++;
          throw new Error('the sweep failed');
        },
      },
    ]);
  });
  afterAll(() => stopAll(started));

  it('runs its sweeps every period, and a failed sweep again the next period', async () => {
    await sleep(4500);
    expect(runs).toBeGreaterThanOrEqual(3);
    // Once per one-second slot since the queue started, never more.
    expect(runs).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 1000) + 1);
    expect(failures).toBeGreaterThanOrEqual(3);
  });
});

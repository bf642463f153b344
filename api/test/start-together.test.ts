// Replicas that start together (issue 66): three API processes started at the same instant on a fresh PostgreSQL
// database, ten times over, each with its job queue on (its schema is installed on first start): all three become
// ready every time. Before: one in three crashed on the job queue's schema, created twice at once.
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKind } from './support/harness.js';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { temporaryDatabase } from './support/temporary-database.js';

const ROUNDS = Number(process.env.START_TOGETHER_ROUNDS ?? 10);
const REPLICAS = 3;
const running: ApiProcess[] = [];
afterAll(() => {
  for (const api of running) api.child.kill('SIGKILL');
});

describe.runIf(databaseKind === 'postgres')('API replicas started at the same instant on a fresh database', () => {
  it(`all become ready, ${ROUNDS} times in ${ROUNDS}`, { timeout: ROUNDS * 60_000 }, async () => {
    const failures: string[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const database = await temporaryDatabase(process.env.TEST_DATABASE_URL!, 'phonehaat_together');
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
        // The job queue installs its schema on its first start: what raced.
        JOB_QUEUE: 'on',
      };
      const started = await Promise.allSettled(Array.from({ length: REPLICAS }, () => startApiProcess(env)));
      for (const result of started) {
        if (result.status === 'fulfilled') running.push(result.value);
        else failures.push(`round ${round}: ${String(result.reason).slice(0, 600)}`);
      }
      // Every replica answers ready, and none has died since.
      for (const api of running) expect((await fetch(`${api.url}/health/ready`)).status).toBe(200);
      await Promise.all(running.splice(0).map(async (api) => {
        api.child.kill('SIGTERM');
        await api.exited;
      }));
      await database.drop();
    }
    expect(failures).toEqual([]);
  });
});

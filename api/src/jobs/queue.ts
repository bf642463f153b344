import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Env } from '../config/env.js';
import type { Database } from '../db/client.js';
import type { EmailQueue } from '../notifications/notifier.js';

export const JOBS_SCHEMA = 'pgboss';
export const EMAIL_JOB = 'email';
const SWEEP_JOB = 'email-sweep';
const DIGEST_JOB = 'saved-search-digest';

interface EmailJob {
  outboxId: number;
}

/**
 * The job queue (pg-boss, decision 022) in the API's own database — PGlite's one connection or the pool — through the
 * database's raw SQL. Each instance works the queue; pg-boss gives each job to one of them and retries a failed one
 * with exponential back-off. A minute's sweep queues the outbox rows no job will send.
 */
export function createJobQueue(database: Database, env: Env, log: FastifyBaseLogger) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: JOBS_SCHEMA,
    // The queue's own upkeep (expiring jobs of dead workers, archiving) and its cron.
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'the job queue failed'));
  const retry = { retryLimit: env.EMAIL_RETRY_LIMIT, retryDelay: env.EMAIL_RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: env.EMAIL_LEASE_SECONDS };
  let started = false;

  const queue: EmailQueue & {
    start(work: { deliver(outboxId: number): Promise<unknown>; sweep(): Promise<number[]>; digest(): Promise<number> }): Promise<void>;
    stop(): Promise<void>;
  } = {
    async enqueue(outboxIds) {
      if (!started || outboxIds.length === 0) return;
      await boss.insert(outboxIds.map((outboxId) => ({ name: EMAIL_JOB, data: { outboxId } satisfies EmailJob, ...retry })));
    },

    async start({ deliver, sweep, digest }) {
      await boss.start();
      await boss.createQueue(EMAIL_JOB, { name: EMAIL_JOB, ...retry });
      await boss.createQueue(SWEEP_JOB, { name: SWEEP_JOB, retryLimit: 0 });
      started = true;
      await boss.work<EmailJob>(EMAIL_JOB, { pollingIntervalSeconds: env.JOB_POLL_SECONDS, batchSize: 1 }, async ([job]) => {
        if (job) await deliver(job.data.outboxId);
      });
      const sweepNow = async () => {
        const ids = await sweep();
        if (ids.length) log.info({ count: ids.length }, 'queued e-mails that no job would have sent');
        await queue.enqueue(ids);
      };
      await boss.work(SWEEP_JOB, { pollingIntervalSeconds: 5 }, sweepNow);
      await boss.schedule(SWEEP_JOB, '* * * * *');
      // The saved-search digest, once a day (any instance; the matches it takes are locked and marked in one transaction).
      await boss.createQueue(DIGEST_JOB, { name: DIGEST_JOB, retryLimit: 3, retryDelay: 60 });
      await boss.work(DIGEST_JOB, async () => {
        const count = await digest();
        log.info({ count }, 'saved-search digests written');
      });
      await boss.schedule(DIGEST_JOB, env.DIGEST_CRON, undefined, { tz: 'Asia/Dhaka' });
      // At start too: what a process that died left behind is sent now, not in a minute.
      await sweepNow().catch((error: Error) => log.warn({ err: error }, 'the first e-mail sweep failed'));
    },

    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return queue;
}
export type JobQueue = ReturnType<typeof createJobQueue>;

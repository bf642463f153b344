import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type Job } from 'pg-boss';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { EmailQueue } from '../modules/notifications/index.ts';
import { startPeriodic, type Periodic } from './periodic.ts';

export const JOBS_SCHEMA = 'pgboss';
/** Tries at starting the queue: 1, 2, 4, 8 s apart (a concurrent install takes well under a second). */
const START_ATTEMPTS = 5;
export const EMAIL_JOB = 'email';
const SWEEP_JOB = 'email-sweep';
const DIGEST_JOB = 'saved-search-digest';
/** Plans sellers' payouts (every PAYOUT_CRON, and at once for a seller whose money was released). */
const PAYOUT_PLAN_JOB = 'payout-plan';
/** Sends one payout; retried with back-off, its payout id the provider's idempotency key. */
export const PAYOUT_JOB = 'payout';

interface PayoutPlanJob {
  sellerId?: string;
}
interface PayoutJob {
  payoutId: string;
}

/** The work the queue does: e-mail (where there is somewhere to send it), payouts and the periodic sweeps. */
export interface QueueWork {
  /** The outbox: e-mails (with a mail server) and pushes (with a VAPID key pair); the daily digest only with e-mail. */
  email?: { deliver(outboxId: number): Promise<unknown>; sweep(): Promise<number[]>; digest?: (() => Promise<number>) | undefined };
  payouts: { plan(sellerIds?: string[]): Promise<string[]>; pay(payoutId: string): Promise<unknown> };
  /** Sweeps run once per period by one instance of however many (periodic.ts). */
  periodic?: Periodic[];
}

interface EmailJob {
  outboxId: number;
}

/**
 * The job queue (pg-boss, decision 022) in the API's own database — PGlite's one connection or the pool — through the
 * database's raw SQL. Each instance works the queue; pg-boss gives each job to one of them and retries a failed one
 * with exponential back-off. A minute's sweep queues the outbox rows no job will send. Sellers' payouts run on it too,
 * and every periodic sweep (decision 031: the API's one scheduler).
 */
export function createJobQueue(database: Database, env: Env, log: FastifyBaseLogger) {
  /**
   * pg-boss's statements, tracked: stopping waits for those under way, and once stopped the queue answers pg-boss's
   * late ones (a failed job's record, its timers) with no rows rather than through a database being closed — their
   * jobs stay active and pg-boss gives them to another worker when they expire, as for a worker that died.
   */
  const statements = new Set<Promise<unknown>>();
  let closed = false;
  const sql = (text: string, values?: unknown[]) => {
    if (closed) return Promise.resolve({ rows: [] as Record<string, unknown>[] });
    const statement = database.executeSql(text, values);
    statements.add(statement);
    void statement.finally(() => statements.delete(statement)).catch(() => undefined);
    return statement;
  };
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => sql(text, values) },
    schema: JOBS_SCHEMA,
    // The queue's own upkeep (expiring jobs of dead workers, archiving) and its cron.
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'the job queue failed'));
  const retry = { retryLimit: env.EMAIL_RETRY_LIMIT, retryDelay: env.EMAIL_RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: env.EMAIL_LEASE_SECONDS };
  let started = false;
  /**
   * The handlers running now: stopping waits for them, so the database is not closed under one. A handler that fails
   * while the instance is stopping does not throw: pg-boss would then record the failure through a database being
   * closed (an unhandled rejection); its job is not lost (an e-mail stays pending in the outbox, a payout pending in
   * its table, and the sweeps queue them again).
   */
  const running = new Set<Promise<unknown>>();
  const tracked =
    <T,>(handler: (jobs: T) => Promise<unknown>) =>
    async (jobs: T) => {
      const work = handler(jobs);
      running.add(work);
      try {
        await work;
      } catch (error) {
        if (started) throw error;
        log.warn({ err: error }, 'a job failed while the instance was stopping; it is queued again by the sweeps');
      } finally {
        running.delete(work);
      }
    };
  let emailOn = false;
  let stopPeriodic = () => {};
  const combine = (a: () => void, b: () => void) => () => {
    a();
    b();
  };

  const payoutRetry = { retryLimit: env.PAYOUT_RETRY_LIMIT, retryDelay: env.PAYOUT_RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: 120 };

  /** Payouts: planned by the cron and on release, each sent by a job of its own (decision 029). */
  async function startPayouts({ plan, pay }: QueueWork['payouts']) {
    await boss.createQueue(PAYOUT_JOB, { ...payoutRetry });
    await boss.createQueue(PAYOUT_PLAN_JOB, { retryLimit: 3, retryDelay: 10 });
    await boss.work<PayoutJob>(
      PAYOUT_JOB,
      { pollingIntervalSeconds: env.JOB_POLL_SECONDS, batchSize: 1 },
      tracked(async ([job]: Job<PayoutJob>[]) => {
        if (job) await pay(job.data.payoutId);
      }),
    );
    await boss.work<PayoutPlanJob>(PAYOUT_PLAN_JOB, { pollingIntervalSeconds: env.JOB_POLL_SECONDS, batchSize: 1 }, tracked(async ([job]: Job<PayoutPlanJob>[]) => {
      const ids = await plan(job?.data.sellerId ? [job.data.sellerId] : undefined);
      // A payout already queued is queued again harmlessly: its job finds it sent, or sends it once.
      if (ids.length) await boss.insert(PAYOUT_JOB, ids.map((payoutId) => ({ data: { payoutId } satisfies PayoutJob, ...payoutRetry, singletonKey: payoutId })));
    }));
    await boss.schedule(PAYOUT_PLAN_JOB, env.PAYOUT_CRON, {}, { tz: 'Asia/Dhaka' });
  }

  const queue: EmailQueue & {
    start(work: QueueWork): Promise<void>;
    /** A seller's released money is paid out now rather than at the next scheduled plan. */
    payoutSoon(sellerId: string): Promise<void>;
    stop(): Promise<void>;
  } = {
    async enqueue(outboxIds) {
      if (!started || !emailOn || outboxIds.length === 0) return;
      await boss.insert(EMAIL_JOB, outboxIds.map((outboxId) => ({ data: { outboxId } satisfies EmailJob, ...retry })));
    },

    async payoutSoon(sellerId) {
      if (started) await boss.send(PAYOUT_PLAN_JOB, { sellerId } satisfies PayoutPlanJob);
    },

    async start({ email, payouts, periodic = [] }) {
      // Instances started together on a fresh database race to install the queue's schema (issue 66: one crashed with
      // pg_namespace_nspname_index): the one that loses tries again once the other has installed it, as pg-boss offers.
      await boss.start({ attempts: START_ATTEMPTS });
      started = true;
      await startPayouts(payouts);
      stopPeriodic = await startPeriodic(boss, periodic, tracked, (name, error) => log.warn({ err: error }, `could not queue the ${name} sweep`));
      if (!email) return;
      const { deliver, sweep, digest } = email;
      emailOn = true;
      await boss.createQueue(EMAIL_JOB, { ...retry });
      await boss.work<EmailJob>(
        EMAIL_JOB,
        { pollingIntervalSeconds: env.JOB_POLL_SECONDS, batchSize: 1 },
        tracked(async ([job]: Job<EmailJob>[]) => {
          if (job) await deliver(job.data.outboxId);
        }),
      );
      const sweepNow = async () => {
        const ids = await sweep();
        if (ids.length) log.info({ count: ids.length }, 'queued e-mails that no job would have sent');
        await queue.enqueue(ids);
      };
      // Before decision 031 the sweep was a cron schedule; a database from then still holds it.
      await boss.unschedule(SWEEP_JOB).catch(() => undefined);
      stopPeriodic = combine(stopPeriodic, await startPeriodic(boss, [{ name: SWEEP_JOB, seconds: 60, work: sweepNow }], tracked, (name, error) => log.warn({ err: error }, `could not queue the ${name} sweep`)));
      // The saved-search digest, once a day (any instance; the matches it takes are locked and marked in one transaction).
      if (digest) {
        await boss.createQueue(DIGEST_JOB, { retryLimit: 3, retryDelay: 60 });
        await boss.work(DIGEST_JOB, async () => {
          const count = await digest();
          log.info({ count }, 'saved-search digests written');
        });
        await boss.schedule(DIGEST_JOB, env.DIGEST_CRON, undefined, { tz: 'Asia/Dhaka' });
      }
      // At start too: what a process that died left behind is sent now, not in a minute.
      await sweepNow().catch((error: Error) => log.warn({ err: error }, 'the first e-mail sweep failed'));
    },

    async stop() {
      if (!started) return;
      started = false;
      stopPeriodic();
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
      await Promise.allSettled(running);
      closed = true;
      await Promise.allSettled(statements);
    },
  };
  return queue;
}
export type JobQueue = ReturnType<typeof createJobQueue>;

import type { PgBoss } from 'pg-boss';

/** Work done every so often, by one instance of however many run (decision 031). */
export interface Periodic {
  /** The job queue's name for it. */
  name: string;
  /** Its period. Under a second counts as one (the queue's throttle is in whole seconds). */
  seconds: number;
  work: () => Promise<unknown>;
}

/** The wrapper the queue puts around each handler (it waits for running handlers when it stops). */
type Track = <T>(handler: (jobs: T) => Promise<unknown>) => (jobs: T) => Promise<void>;

/**
 * Each periodic sweep is a pg-boss queue. Every instance asks for a run every half period, with a throttle of one job
 * per period (`singletonSeconds`: pg-boss refuses a second job in the same time slot, whoever asks), and works the
 * queue; the queue is "stately" (at most one job waiting and one running), so a slow sweep is never run twice at once.
 * On N instances a sweep runs once per period, not N times; when the instance that would have run it dies, another
 * asks in the next slot. pg-boss's own cron is per minute at best, and the tests run sweeps every second.
 */
export async function startPeriodic(boss: PgBoss, periodic: Periodic[], track: Track, onError: (name: string, error: unknown) => void) {
  const timers: NodeJS.Timeout[] = [];
  for (const { name, seconds, work } of periodic) {
    const slot = Math.max(1, Math.round(seconds));
    // Expired if a run hangs for ten periods (at least a minute): then the next slot's job runs. Done runs are kept an hour.
    await boss.createQueue(name, { policy: 'stately', retryLimit: 0, expireInSeconds: Math.max(60, slot * 10), deleteAfterSeconds: 3600 });
    // Polled at a quarter of the period (between half a second and half a minute): a run starts soon after its slot.
    await boss.work(name, { pollingIntervalSeconds: Math.min(30, Math.max(0.5, slot / 4)), batchSize: 1 }, track(async () => work()));
    const ask = () => void boss.send(name, null, { singletonSeconds: slot }).catch((error: unknown) => onError(name, error));
    ask();
    const timer = setInterval(ask, (slot * 1000) / 2);
    timer.unref();
    timers.push(timer);
  }
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}

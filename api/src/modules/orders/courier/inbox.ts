// A courier's steps are kept, then applied (issue 45): a webhook is answered as soon as its step is stored (one
// INSERT), and each instance applies the kept steps in batches of one transaction each — `FOR UPDATE SKIP LOCKED`
// shares them out between instances, and a batch that fails (two instances' batches deadlocking on one parcel, say) is
// rolled back whole, its steps kept for the next drain. What the applied steps set off runs after their batch commits.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/client.ts';
import type { Applied } from '../repositories/parcels.ts';
import { rows } from '../../../db/rows.ts';
import type { CourierUpdate } from './types.ts';

/** How many kept steps one transaction applies. */
const BATCH = 100;
/** How soon a drain whose batch failed tries again. */
const RETRY_MS = 200;
/** How many times a step may fail on its own before it is set aside. */
const MAX_ATTEMPTS = 5;

interface InboxDeps {
  db: Db;
  courierId: string;
  /** Applies one step in the batch's transaction. */
  apply(tx: Tx, update: CourierUpdate): Promise<Applied>;
  /** What an applied step sets off, after its batch committed (one at a time: the webhooks keep the pool's other connections). */
  follow(applied: Applied): Promise<void> | undefined;
  log: FastifyBaseLogger;
}

export function createInbox({ db, courierId, apply, follow, log }: InboxDeps) {
  /** Applies up to `limit` kept steps in one transaction, then sets off what they set off; how many it applied. */
  async function batch(limit = BATCH): Promise<number> {
    const done = await db.transaction(async (tx) => {
      const kept = await rows<{ id: string; step: CourierUpdate & { at: string } }>(
        tx,
        sql`SELECT id, step FROM courier_inbox WHERE courier = ${courierId} AND failed IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      );
      const applied: Applied[] = [];
      for (const { step } of kept) applied.push(await apply(tx, { ...step, at: new Date(step.at) }));
      if (kept.length) await tx.execute(sql`DELETE FROM courier_inbox WHERE id IN (${sql.join(kept.map((row) => sql`${row.id}`), sql`, `)})`);
      return { count: kept.length, applied };
    });
    for (const applied of done.applied) await follow(applied);
    return done.count;
  }

  /**
   * After a batch failed: the steps one at a time, so one that cannot be applied holds up no other. A step failing on
   * its own counts an attempt (a deadlock passes); after MAX_ATTEMPTS it is set aside with its error.
   */
  async function oneByOne(): Promise<void> {
    const kept = await rows<{ id: string }>(db, sql`SELECT id FROM courier_inbox WHERE courier = ${courierId} AND failed IS NULL ORDER BY id LIMIT ${BATCH}`);
    for (const { id } of kept) {
      try {
        await db.transaction(async (tx) => {
          const [row] = await rows<{ step: CourierUpdate & { at: string } }>(tx, sql`SELECT step FROM courier_inbox WHERE id = ${id} AND failed IS NULL FOR UPDATE SKIP LOCKED`);
          if (!row) return;
          const applied = await apply(tx, { ...row.step, at: new Date(row.step.at) });
          await tx.execute(sql`DELETE FROM courier_inbox WHERE id = ${id}`);
          return applied;
        }).then((applied) => applied && follow(applied));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const [counted] = await rows<{ attempts: number }>(
          db,
          sql`UPDATE courier_inbox SET attempts = attempts + 1, failed = CASE WHEN attempts + 1 >= ${MAX_ATTEMPTS} THEN ${message} END WHERE id = ${id} RETURNING attempts`,
        );
        if (counted && counted.attempts >= MAX_ATTEMPTS) log.error({ err: error, inboxId: id }, 'a courier step could not be applied: set aside (the poll still asks about its parcel)');
      }
    }
  }

  let running: Promise<void> | undefined;
  let again = false;

  /** Applies every kept step (one drain at a time per instance; asked again while it runs, it goes round once more). */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await batch()) > 0);
        } while (again);
      } catch (error) {
        log.warn({ err: error }, 'a batch of courier steps failed: kept, applied one at a time');
        await oneByOne().catch((failed: unknown) => log.warn({ err: failed }, 'courier steps could not be applied: tried again shortly'));
        setTimeout(() => void drain(), RETRY_MS).unref();
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    /** Keeps a step heard by webhook; the caller answers, then drains. */
    async keep(update: CourierUpdate): Promise<void> {
      await db.execute(sql`INSERT INTO courier_inbox (courier, step) VALUES (${courierId}, ${JSON.stringify(update)}::jsonb)`);
    },
    drain,
  };
}
export type Inbox = ReturnType<typeof createInbox>;

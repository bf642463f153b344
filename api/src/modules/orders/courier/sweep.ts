import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

/**
 * The poll's sweeps of what a step set off and an instance stopping lost: `each` for every booking `due` selects (as
 * `"bookingId"`), one at a time; how many it did something for. A failure is logged, and tried again at the next poll.
 */
export async function sweepBookings(db: Db, due: SQL, each: (bookingId: string) => Promise<boolean>, log: FastifyBaseLogger, what: string): Promise<number> {
  let done = 0;
  for (const { bookingId } of await rows<{ bookingId: string }>(db, due)) {
    try {
      if (await each(bookingId)) done += 1;
    } catch (error) {
      log.warn({ err: error, bookingId }, `could not ${what}: tried again at the next poll`);
    }
  }
  return done;
}

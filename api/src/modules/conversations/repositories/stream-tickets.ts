import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/rows.ts';

/** Stream tickets already used (spent_stream_tickets, migration 0019): one stream per ticket, across instances. */
export function createStreamTicketsRepository(db: Db) {
  return {
    /** True the first time a ticket is spent, false ever after (until it has expired and been pruned). */
    async spend(id: string, expiresAt: Date): Promise<boolean> {
      const spent = await rows<{ id: string }>(
        db,
        sql`INSERT INTO spent_stream_tickets (id, expires_at) VALUES (${id}, ${expiresAt.toISOString()}) ON CONFLICT (id) DO NOTHING RETURNING id`,
      );
      return spent.length === 1;
    },
    /** Forgets tickets that have expired: nothing can open a stream with them any more. */
    async prune(): Promise<void> {
      await db.execute(sql`DELETE FROM spent_stream_tickets WHERE expires_at < now()`);
    },
  };
}

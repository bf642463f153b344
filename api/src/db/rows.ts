import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** The rows of a raw query, on PGlite and node-postgres alike (both answer `{ rows }`). */
export const rows = async <T>(db: Db | Tx, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

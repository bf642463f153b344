import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs raw, possibly multi-statement SQL that comes from our own migration files (never user input). */
export type ScriptRunner = (work: (exec: (script: string) => Promise<void>, query: <T>(text: string, params?: unknown[]) => Promise<T[]>) => Promise<void>) => Promise<void>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** One transaction for migrations; on PostgreSQL it holds an advisory lock so two starting servers don't race. */
  readonly runScript: ScriptRunner;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url?: string | undefined;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

const MIGRATION_LOCK = 74_210_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite is one connection: a second process opening the same folder would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'phonehaat.lock');
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(lockFile, 'utf8'));
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder} (the running API?). ` +
        'Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.',
    );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(dataDir: string): Promise<Database> {
  const unlock = dataDir.startsWith('memory://') ? () => undefined : lockDataDir(dataDir);
  // Search needs pg_trgm (migrations/0002_search.sql); a PostgreSQL server has it in its contrib package.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    runScript: (work) =>
      client.transaction(async (tx) => {
        await work(
          async (script) => {
            await tx.exec(script);
          },
          async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        );
      }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (a restart, a failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`));
  // Fail at start-up, with the server's own message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    runScript: async (work) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        await conn.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await work(
          async (script) => {
            await conn.query(script);
          },
          async <T>(text: string, params?: unknown[]) => (await conn.query(text, params)).rows as T[],
        );
        await conn.query('COMMIT');
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

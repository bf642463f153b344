import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs raw, possibly multi-statement SQL that comes from our own migration files (never user input). */
export type ScriptRunner = (work: (exec: (script: string) => Promise<void>, query: <T>(text: string, params?: unknown[]) => Promise<T[]>) => Promise<void>) => Promise<void>;

/** How a listener hears of messages, and of (re)connecting, after which it may have missed some. */
export interface ListenHandlers {
  onMessage(payload: string): void;
  onConnected(): void;
  onLost(error: Error): void;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** One transaction for migrations; on PostgreSQL it holds an advisory lock so two starting servers don't race. */
  readonly runScript: ScriptRunner;
  /** Answers when the database does (readiness). */
  ping(): Promise<void>;
  /**
   * Raw SQL for a library that brings its own (the job queue, pg-boss): parameters as `$1`…; without parameters the
   * text may hold several statements (its migrations, its transactions), and every statement's rows are answered, as
   * pg-boss's own adapters do.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Connections of the pool: open, idle and requests waiting for one (metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL LISTEN, all channels on one connection of the instance's own, reconnecting with back-off when it is
   * dropped; NOTIFY from any instance reaches every listener. PGlite has no other process to hear from: undefined there.
   */
  readonly listen?: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  readonly notify?: (channel: string, payload: string) => Promise<void>;
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
    ping: async () => {
      await client.query('SELECT 1');
    },
    executeSql: async (text, values) => {
      try {
        if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results.flatMap((result) => result.rows) as Record<string, unknown>[] };
      } catch (error) {
        // A failed statement inside the text's own BEGIN would leave PGlite's one connection in that transaction.
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    // One connection, queries one at a time.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** A channel name is an SQL identifier here; only our own constants are used, and checked. */
const channelName = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  return channel;
};

/**
 * One LISTEN connection per database, whatever the number of channels (the cache bus, conversations, …): each channel's
 * handlers hear its messages; when the connection is dropped every channel is told it was lost, and once it is back
 * (with back-off) each is listened to again and told it reconnected, since messages may have been missed meanwhile.
 */
function listener(url: string) {
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let delay = 100;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const everyone = () => [...channels.values()].flatMap((set) => [...set]);

  const reconnectLater = () => {
    if (stopped || timer || channels.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 5000);
  };

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, keepAlive: true });
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${channelName(channel)}`);
      } catch (error) {
        next.end().catch(() => undefined);
        for (const handlers of everyone()) handlers.onLost(error as Error);
        reconnectLater();
        return;
      }
      if (stopped || channels.size === 0) return void next.end().catch(() => undefined);
      client = next;
      delay = 100;
      next.on('notification', (message) => {
        for (const handlers of channels.get(message.channel) ?? []) handlers.onMessage(message.payload ?? '');
      });
      next.on('error', (error) => {
        // The connection is gone (a restart, pg_terminate_backend, the network): listen again.
        for (const handlers of everyone()) handlers.onLost(error);
        next.end().catch(() => undefined);
      });
      next.on('end', () => {
        if (client === next) client = undefined;
        reconnectLater();
      });
      for (const handlers of everyone()) handlers.onConnected();
    })().finally(() => (connecting = undefined)));

  return async (channel: string, handlers: ListenHandlers) => {
    channelName(channel);
    stopped = false;
    const set = channels.get(channel) ?? new Set<ListenHandlers>();
    const isNew = !channels.has(channel);
    set.add(handlers);
    channels.set(channel, set);
    if (connecting) await connecting;
    if (client && isNew) {
      await client.query(`LISTEN ${channelName(channel)}`);
      handlers.onConnected();
    } else if (client) handlers.onConnected();
    else await connect();
    return async () => {
      set.delete(handlers);
      if (set.size > 0) return;
      channels.delete(channel);
      if (channels.size > 0) {
        await client?.query(`UNLISTEN ${channelName(channel)}`).catch(() => undefined);
        return;
      }
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      const closing = client;
      client = undefined;
      await closing?.end().catch(() => undefined);
    };
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A server that never answers (its address not routed yet, a partition) is a failed connection after 10 s, not a
  // wait without end; keepalive finds a connection whose server went away while idle.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000, keepAlive: true });
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
        // Another instance migrating (replicas started at once: issue 66) is waited for, and said, so that a replica
        // waiting is seen waiting rather than silent.
        const { rows } = await conn.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [MIGRATION_LOCK]);
        if (!rows[0]?.locked) {
          console.error('another instance is migrating the database: waiting for it');
          await conn.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        }
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
    ping: async () => {
      await pool.query('SELECT 1');
    },
    executeSql: async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? result.flatMap((each) => each.rows ?? []) : result.rows) as Record<string, unknown>[] };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: listener(url),
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channelName(channel), payload]);
    },
    close: () => pool.end(),
  };
}

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadCache } from './cache.ts';
import type { Database } from './db/client.ts';

export const CACHE_CHANNEL = 'phonehaat_cache_clear';

/**
 * Keeps the read caches of every API instance on one PostgreSQL coherent: a write here clears this cache at
 * once and sends NOTIFY; every other instance LISTENs and clears its own within milliseconds. A listener that
 * was dropped clears its cache when it is back, since it may have missed messages. On PGlite (one process)
 * there is no one else to tell: nothing to do. Returns what stops listening.
 */
export async function connectCacheBus(cache: ReadCache, database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const { listen, notify } = database;
  if (!listen || !notify) return async () => undefined;
  const instance = randomUUID();
  let connectedBefore = false;
  let lostLogged = false;
  cache.onClear = () => {
    notify(CACHE_CHANNEL, instance).catch((error: Error) => log.warn({ err: error }, 'could not tell the other instances to clear their caches'));
  };
  return listen(CACHE_CHANNEL, {
    onMessage: (sender) => {
      if (sender !== instance) cache.clearLocal();
    },
    onConnected: () => {
      if (connectedBefore) {
        cache.clearLocal();
        log.info('cache listener reconnected; cache cleared, since messages may have been missed');
      }
      connectedBefore = true;
      lostLogged = false;
    },
    onLost: (error) => {
      if (!lostLogged) log.warn({ err: error }, 'cache listener lost its connection; reconnecting (the cache TTL bounds staleness meanwhile)');
      lostLogged = true;
    },
  });
}

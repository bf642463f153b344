import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a rate-limit count may wait on Redis before the request goes through uncounted. */
const COMMAND_TIMEOUT_MS = 250;

/**
 * The Redis client shared by every instance's rate limits. It never queues commands while Redis is away and
 * gives each one a short timeout, so an outage costs a request at most that long (the limiter then lets it
 * through); it reconnects on its own. An outage is logged once when it starts and once when it ends, not per
 * request.
 */
export function createRedis(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 5000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis is unreachable: rate limits are not counted across instances until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are counted across instances again');
  });
  return redis;
}

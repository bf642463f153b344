import { z } from 'zod';
import type { Services } from '../services.ts';
import type { ZodApp } from './types.ts';

/** How long a dependency may take to answer before readiness calls it failed. */
const CHECK_TIMEOUT_MS = 1000;

const Readiness = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.record(z.string(), z.string()),
});

async function check(probe: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return `failed: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: ZodApp, { database, redis, lifecycle }: Services) {
  // Live: the process answers. A load balancer restarts an instance that does not.
  app.get(
    '/health',
    { schema: { hide: true, operationId: 'getLiveness', tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } }, config: { rateLimit: false } },
    async () => ({ status: 'ok' as const }),
  );

  // Ready: send it traffic. Only when the database (and Redis, when configured) answer and it is not shutting down.
  app.get(
    '/health/ready',
    {
      schema: { operationId: 'getReadiness', tags: ['health'], summary: 'Whether this instance should get traffic, and what failed if not', response: { 200: Readiness, 503: Readiness } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const checks: Record<string, string> = { database: await check(() => database.ping()) };
      if (redis) checks.redis = await check(() => redis.ping());
      if (lifecycle.draining) checks.shutdown = 'in progress: finishing the requests it has';
      const ready = Object.values(checks).every((result) => result === 'ok');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
    },
  );
}

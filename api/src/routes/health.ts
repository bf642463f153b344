import { z } from 'zod';
import type { ZodApp } from './types.js';

export async function healthRoutes(app: ZodApp) {
  app.get(
    '/health',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } }, config: { rateLimit: false } },
    async () => ({ status: 'ok' as const }),
  );
}

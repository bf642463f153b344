// What the shell's server hears to forget the pages it keeps for visitors (issue 66): every change to what the public
// reads show (a listing listed, edited, sold, removed or advertised; a review; a brand), here or in another instance.
import { z } from 'zod';
import type { Services } from '../../../services.ts';
import type { ZodApp } from '../../../routes/types.ts';

/** A comment this often keeps proxies and balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

export async function catalogChangeRoutes(app: ZodApp, { cache }: Services) {
  const open = new Set<() => void>();
  // A stream never ends by itself: closed first when the instance stops, so the shutdown does not wait for it.
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  app.get(
    '/catalog/changes',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'watchCatalogChanges',
        tags: ['catalog'],
        summary:
          'Server-Sent Events: `ready` once listening, then `change` after every change to what visitors see (listings, adverts, reviews, brands), ' +
          "made through any instance. The shell's server keeps visitors' composed pages only while it is connected.",
        response: {
          200: {
            description:
              'An endless event stream (Server-Sent Events): `event: ready` then `event: change` events, each with `data: {}`. A comment line comes every 25 seconds to keep proxies from closing it.',
            content: { 'text/event-stream': { schema: z.string().describe('text/event-stream: `event: ready|change` and `data: {}` lines, each event ended by a blank line') } },
          },
        },
      },
    },
    async (request, reply) => {
      const send = (event: 'ready' | 'change') => reply.sse({ event, data: '{}' });
      const stopWatching = cache.watch(() => send('change'));
      const heartbeat = setInterval(() => reply.sse({ comment: 'keep-alive' }), HEARTBEAT_MS);
      const close = () => reply.sseContext?.source.end();
      open.add(close);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        stopWatching();
        open.delete(close);
        close();
      });
      send('ready');
    },
  );
}

import type { FastifyInstance, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Which methods a path answers, for the 405's `Allow` (RFC 9110 §15.5.6). Fastify's router does not tell its not-found
 * handler whether the path was known under another method, so the routes are also kept in a router of their own (the
 * same find-my-way Fastify uses, matching the same way). CORS's catch-all OPTIONS route is left out: it answers every
 * path's preflight and says nothing about what the path does.
 */
export function allowedMethods(app: FastifyInstance, maxParamLength: number) {
  const routes = FindMyWay({ maxParamLength, ignoreTrailingSlash: false });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === '*' || route.url === '/*') return;
    for (const method of [route.method].flat()) if ((METHODS as readonly string[]).includes(method)) routes.on(method as (typeof METHODS)[number], route.url, () => undefined);
  });
  return (url: string): string[] => {
    const path = url.split('?')[0] ?? url;
    return METHODS.filter((method) => routes.find(method, path) !== null);
  };
}

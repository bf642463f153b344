import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { StatusResponse } from '@phonehaat/shared-api/releases';
import { NoContent, ReleaseFiguresList, ReleaseFiguresQuery, ReleaseSeries, ReleaseSeriesQuery, RumBeacon, type ReleaseMarker } from '@phonehaat/shared-api';
import { HttpError } from '../errors.ts';
import { who } from '../plugins/auth.ts';
import type { Services } from '../services.ts';
import { bearerAuth, errors, type ZodApp } from '../routes/types.ts';

/** A beacon is a few hundred bytes; anything near this is not one. */
const BEACON_LIMIT_BYTES = 4096;
const HOUR_MS = 60 * 60 * 1000;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The width of a chart's step for a window: about 72 points whatever the window. */
export const stepFor = (hours: number) => (hours <= 6 ? 5 : hours <= 24 ? 20 : hours <= 72 ? 60 : 360);

/**
 * Real-user measurements (issue 29): the shell's beacons in, and each release's figures out, for the deployer that
 * judges canaries and for the admin's Releases page (decision 025).
 */
export async function rumRoutes(app: ZodApp, { rum, guards, env }: Services) {
  // navigator.sendBeacon sends a string as text/plain (a CORS-safe request, so no preflight): its JSON is read here.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'The beacon is not JSON'), undefined);
    }
  });

  app.post(
    '/rum',
    {
      bodyLimit: BEACON_LIMIT_BYTES,
      config: { rateLimit: { max: env.RUM_RATE_LIMIT_MAX, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `rum:${request.ip}` } },
      schema: {
        operationId: 'reportPageView',
        'x-rules': ['The beacon is not JSON'],
        tags: ['releases'],
        summary: "A page view's Web Vitals and errors, from the shell (navigator.sendBeacon; no sign-in, nothing that identifies anyone)",
        description:
          'Counted per minute, release, route and language; a bad beacon is answered 400 and not counted. Sent as text/plain (what sendBeacon sends) or application/json.',
        body: RumBeacon,
        response: { 204: NoContent, ...errors(400, 413, 429) },
      },
    },
    async (request, reply) => {
      rum.record(request.body);
      return reply.code(204).send(null);
    },
  );

  /** The deployer's token, or an admin's sign-in: asked before the query is read, as every caller check is. */
  const reader = who(async (request: FastifyRequest, reply: Parameters<typeof guards.authenticate>[1]) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token && sameSecret(token, env.RUM_READ_TOKEN)) return;
    await guards.authenticate.call(app, request, reply);
    await guards.requirePermission('read:rum:any').call(app, request, reply);
  });

  app.get(
    '/rum/releases',
    {
      preHandler: reader,
      schema: {
        operationId: 'getReleaseFigures',
        tags: ['releases'],
        summary: "Releases' page views, error rate and p75 LCP and INP since a time (default: the last hour), as the deployer judges canaries",
        description: "For the deployer's token (RUM_READ_TOKEN) or an admin.",
        security: bearerAuth,
        querystring: ReleaseFiguresQuery,
        response: { 200: ReleaseFiguresList, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { remote, releases, since } = request.query;
      const from = since ? new Date(since) : new Date(Date.now() - HOUR_MS);
      return { remote, since: from.toISOString(), releases: await rum.figures(remote, releases, from) };
    },
  );

  app.get(
    '/admin/releases',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:rum:any')],
      schema: {
        operationId: 'getReleaseSeries',
        tags: ['releases'],
        summary: "One slice's releases over time (views, error rate, p75 LCP and INP per step), with the deployer's promotions and rollbacks",
        security: bearerAuth,
        querystring: ReleaseSeriesQuery,
        response: { 200: ReleaseSeries, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { remote, hours } = request.query;
      const to = new Date();
      const from = new Date(to.getTime() - hours * HOUR_MS);
      const stepMinutes = stepFor(hours);
      const [points, deployer] = await Promise.all([rum.series(remote, from, stepMinutes), deployerStatus(env.DEPLOYER_URL, request)]);
      const now = deployer?.remotes[remote as keyof typeof deployer.remotes];
      const markers: ReleaseMarker[] = (deployer?.history ?? [])
        .filter((entry) => entry.remote === remote && entry.at >= from.toISOString())
        .map(({ at, action, version, by, reason }) => ({ at, action, release: version, by, ...(reason ? { reason } : {}) }));
      return {
        remote,
        from: from.toISOString(),
        to: to.toISOString(),
        stepMinutes,
        points,
        markers,
        markersKnown: deployer !== undefined,
        live: now?.live?.version ?? null,
        canary: now?.canary ? { release: now.canary.version, percent: now.canary.percent, auto: now.canary.auto ?? false } : null,
      };
    },
  );
}

/** The deployer's state and history, or undefined (logged) when it is not configured or not answering. */
async function deployerStatus(url: string | undefined, request: FastifyRequest): Promise<StatusResponse | undefined> {
  if (!url) return undefined;
  try {
    const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(1500) });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    return StatusResponse.parse(await response.json());
  } catch (error) {
    request.log.warn({ err: error }, 'the deployer could not be asked for its history');
    return undefined;
  }
}

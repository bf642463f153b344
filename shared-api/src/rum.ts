// Real-user measurements (issue 29): what the shell's beacons carry, and the figures per release the deployer judges
// canaries on and the admin's Releases page draws. Nothing in a beacon identifies the person: no user id, no address
// (a route's pattern, "/products/:id"), no query string.
import { z } from 'zod';
import { languages } from './languages.ts';
import { MAX_RUM_EVENTS } from './limits.ts';
import { remoteNames } from './remotes.ts';

/** Who owns a page: a remote, or the shell itself (sign-in, the dashboard's index, a page not found). */
export const RumRemote = z.enum(['shell', ...remoteNames]);
export type RumRemote = z.infer<typeof RumRemote>;

/** A release id (the build's content hash, decision 016), or "local" for a build the deployer did not serve. */
export const RumRelease = z.string().regex(/^([0-9a-f]{12}|local)$/, { message: 'must be a release id (12 hex digits) or "local"' });

/** A route's pattern as the route table has it, never a page's address: "/", "/products/:id", "*". */
export const RumRoute = z
  .string()
  .max(60)
  .regex(/^(\*|\/[a-z0-9/:?-]*)$/, { message: 'must be a route pattern ("/products/:id"), not an address' });

export const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export const VitalName = z.enum(VITALS);
export type VitalName = z.infer<typeof VitalName>;

export const RumErrorKind = z.enum(['uncaught', 'rejection', 'boundary']);
export type RumErrorKind = z.infer<typeof RumErrorKind>;

/** The page view a beacon's events belong to. */
export const RumPage = z.strictObject({ remote: RumRemote, release: RumRelease, route: RumRoute, lang: z.enum(languages) });
export type RumPage = z.infer<typeof RumPage>;

export const RumEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('view') }),
  /** The view's first error (a view counts once, however many follow): the error rate is views with an error. */
  z.strictObject({ type: z.literal('error'), kind: RumErrorKind }),
  /** Milliseconds, or CLS's unitless score (at most 100). */
  z.strictObject({ type: z.literal('vital'), name: VitalName, value: z.number().finite().min(0).max(600_000) }),
]);
export type RumEvent = z.infer<typeof RumEvent>;

export { MAX_RUM_EVENTS };
/** One sendBeacon: a page view's events, batched (a few beacons per view at most). */
export const RumBeacon = z.strictObject({ page: RumPage, events: z.array(RumEvent).min(1).max(MAX_RUM_EVENTS) });
export type RumBeacon = z.infer<typeof RumBeacon>;

/** A release's figures over a window: page views, views with an error, and the 75th percentiles of LCP and INP. */
export const ReleaseFigures = z.object({
  release: RumRelease,
  views: z.number().int().min(0),
  errors: z.number().int().min(0),
  /** errors / views; null without views. */
  errorRate: z.number().min(0).max(1).nullable(),
  lcpP75: z.number().nullable(),
  lcpSamples: z.number().int().min(0),
  inpP75: z.number().nullable(),
  inpSamples: z.number().int().min(0),
});
export type ReleaseFigures = z.infer<typeof ReleaseFigures>;

export const ReleaseFiguresQuery = z.object({
  remote: RumRemote,
  /** Comma-separated release ids (the live one and its canary). */
  releases: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(RumRelease).min(1, { message: 'releases must name at least one release' }).max(10, { message: 'releases must name at most 10 releases' })),
  /** From when (ISO time); default: an hour ago. */
  since: z.iso.datetime({ offset: true }).optional(),
});

export const ReleaseFiguresList = z.object({ remote: RumRemote, since: z.string(), releases: z.array(ReleaseFigures) });
export type ReleaseFiguresList = z.infer<typeof ReleaseFiguresList>;

/** One release's figures in one time step, for the admin's chart. */
export const ReleasePoint = ReleaseFigures.extend({ at: z.string() });
export type ReleasePoint = z.infer<typeof ReleasePoint>;

/** A promotion, canary or rollback from the deployer's history, marked on the chart's time axis. */
export const ReleaseMarker = z.object({ at: z.string(), action: z.string(), release: z.string(), by: z.string(), reason: z.string().optional() });
export type ReleaseMarker = z.infer<typeof ReleaseMarker>;

export const ReleaseSeriesQuery = z.object({
  remote: RumRemote,
  hours: z.coerce.number().int().min(1).max(720).default(6),
});

export const ReleaseSeries = z.object({
  remote: RumRemote,
  from: z.string(),
  to: z.string(),
  /** The width of a step, in minutes. */
  stepMinutes: z.number().int().positive(),
  points: z.array(ReleasePoint),
  markers: z.array(ReleaseMarker),
  /** False when the deployer could not be asked for its history (the figures are still shown). */
  markersKnown: z.boolean(),
  /** The release live for everyone now, and the canary (null when unknown or none). */
  live: z.string().nullable(),
  canary: z.object({ release: z.string(), percent: z.number().int(), auto: z.boolean() }).nullable(),
});
export type ReleaseSeries = z.infer<typeof ReleaseSeries>;

// Slice releases (issue 16): the shapes the release store, the deployer, its CLI, the shell's server (the live manifest)
// and the API (the deployer's status) share, one zod schema each. Shipped code reads them, so they live here, not in
// tools/ (issue 44).
import { z } from 'zod';

import { remoteNames } from './remotes.ts';
import { ReleaseFiguresList } from './rum.ts';

export { remoteNames };
export const RemoteName = z.enum(remoteNames, { error: (issue) => `unknown remote "${String(issue.input)}" (one of ${remoteNames.join(', ')})` });
export type RemoteName = z.infer<typeof RemoteName>;

/** A release's id: the first 12 hex digits of the SHA-256 of its files (names and bytes). */
export const Version = z.string().regex(/^[0-9a-f]{12}$/, 'a version id is 12 hex digits, as `pnpm slice release` prints it');
export type Version = z.infer<typeof Version>;

/**
 * A build's catalogs (issue 25): per language, how many messages its English catalog has and the keys this language
 * lacks (those fall back to English). Absent from builds made before the languages came: English only.
 */
export const CatalogCoverage = z.record(z.string(), z.object({ messages: z.number().int().nonnegative(), missing: z.array(z.string()) }));
export type CatalogCoverage = z.infer<typeof CatalogCoverage>;

/** What a build says about itself for the compatibility gate (federation.json, written by tools/federation/vite.ts). */
export const RemoteFacts = z.object({
  name: RemoteName,
  /** The exposed modules, without "./" ("home-page"). */
  exposes: z.array(z.string()),
  /** Shared singletons and the semver range this build needs of each. */
  requires: z.record(z.string(), z.string()),
  catalogs: CatalogCoverage.optional(),
  /** The modules the pages it publishes load (its pages.json: issue 67); none listed by a build from before them. */
  pages: z.array(z.string()).optional(),
});
export type RemoteFacts = z.infer<typeof RemoteFacts>;

export const ShellFacts = z.object({
  name: z.literal('shell'),
  /** Shared singletons and the version the shell provides of each. */
  provides: z.record(z.string(), z.string()),
  /** The languages the shell offers (its switch): every release must have all its words in each. English when absent. */
  languages: z.array(z.string()).optional(),
});
export type ShellFacts = z.infer<typeof ShellFacts>;

/** Stored beside a release's files (`<remote>/<version>.json`), written last: a release without it does not exist. */
export const ReleaseMeta = z.object({
  remote: RemoteName,
  version: Version,
  commit: z.string(),
  builtAt: z.string(),
  by: z.string(),
  /** Every file of the build and its size in bytes: a release missing one is incomplete and cannot go live. */
  files: z.record(z.string(), z.number().int().nonnegative()),
  federation: RemoteFacts,
});
export type ReleaseMeta = z.infer<typeof ReleaseMeta>;

export const Pointer = z.object({ version: Version, at: z.string(), by: z.string() });
export type Pointer = z.infer<typeof Pointer>;

export const RemoteState = z.object({
  live: Pointer.optional(),
  /** `auto`: judged by the deployer against the live release on real-user measurements (judge.ts), issue 29. */
  canary: Pointer.extend({ percent: z.number().int(), auto: z.boolean().optional() }).optional(),
  /** Releases that were live before, newest first: what `rollback` returns to. */
  previous: z.array(Pointer),
});
export type RemoteState = z.infer<typeof RemoteState>;

export const HistoryEntry = z.object({
  at: z.string(),
  by: z.string(),
  remote: RemoteName,
  action: z.enum(['promote', 'canary', 'full', 'rollback', 'cancel-canary', 'refused']),
  version: Version,
  /** What was live before (promote, full, rollback). */
  from: Version.optional(),
  percent: z.number().int().optional(),
  /** A canary the deployer judges by itself (issue 29). */
  auto: z.boolean().optional(),
  /** Why it was refused, or why the deployer rolled back or completed a canary by itself (with the figures). */
  reason: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** The deployer's whole state, kept in one file and replaced atomically on every change. */
export const DeployerState = z.object({
  remotes: z.partialRecord(RemoteName, RemoteState),
  refused: z.record(z.string(), z.object({ reason: z.string(), at: z.string(), by: z.string() })),
  history: z.array(HistoryEntry),
});
export type DeployerState = z.infer<typeof DeployerState>;

/** GET /manifest: what the shell's server resolves per visitor into its /remotes.json. */
export const LiveManifest = z.object({
  remotes: z.partialRecord(
    RemoteName,
    z.object({ version: Version, entry: z.string(), canary: z.object({ version: Version, entry: z.string(), percent: z.number().int() }).optional() }),
  ),
});
export type LiveManifest = z.infer<typeof LiveManifest>;

export const CanaryPercent = z.coerce
  .number({ error: 'the canary percent is a whole number from 1 to 99' })
  .int('the canary percent is a whole number from 1 to 99')
  .min(1, 'the canary percent is a whole number from 1 to 99')
  .max(99, 'the canary percent is a whole number from 1 to 99');

/** POST /remotes/:remote/promote */
export const PromoteRequest = z
  .object({ version: Version, canary: CanaryPercent.optional(), auto: z.boolean().optional() })
  .strict()
  .refine((body) => !body.auto || body.canary !== undefined, { message: 'auto judges a canary: give its percent too', path: ['auto'] });
export type PromoteRequest = z.infer<typeof PromoteRequest>;

/** How many of a remote's newest releases `prune` keeps whatever they are. */
export const KeepCount = z.coerce
  .number({ error: 'a whole number from 1 to 100' })
  .int('a whole number from 1 to 100')
  .min(1, 'a whole number from 1 to 100')
  .max(100, 'a whole number from 1 to 100');

/** POST /remotes/:remote/prune: delete the releases nothing needs any more (state.ts's `prunable`). */
export const PruneRequest = z
  .object({
    keep: KeepCount.default(5),
    dryRun: z.boolean().default(false),
  })
  .strict();
export type PruneRequest = z.infer<typeof PruneRequest>;

export const PruneResponse = z.object({ remote: RemoteName, deleted: z.array(Version), kept: z.array(Version), dryRun: z.boolean() });
export type PruneResponse = z.infer<typeof PruneResponse>;

export const ReleaseStatus = z.object({
  version: Version,
  commit: z.string(),
  builtAt: z.string(),
  by: z.string(),
  status: z.enum(['live', 'canary', 'previous', 'stored', 'refused']),
  reason: z.string().optional(),
});

/** The deployer's last judgment of an --auto canary (judge.ts): waiting, or why it acted. */
export const Judgment = z.object({ decision: z.enum(['wait', 'rollback', 'promote']), reason: z.string(), at: z.string(), canary: Version });

/** GET /status */
export const StatusResponse = z.object({
  remotes: z.partialRecord(RemoteName, RemoteState.extend({ releases: z.array(ReleaseStatus), judgment: Judgment.optional() })),
  history: z.array(HistoryEntry),
});
export type StatusResponse = z.infer<typeof StatusResponse>;

/** GET /remotes/:remote/figures: the live release's and the canary's real-user figures over the last hour. */
export const RemoteFigures = ReleaseFiguresList;
export type RemoteFigures = ReleaseFiguresList;

/** Every error the deployer answers: one line a person can act on. */
export const ErrorResponse = z.object({ error: z.string() });

// The deployer: the one keeper of the live manifest (remote → release, with a canary split). Teams promote and roll
// back through it over HTTP with their team's token; it checks a release against the live shell first, applies one
// change at a time, and keeps its state in one file replaced atomically. It also serves the stored releases.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileType } from '@phonehaat/shell/serve';
import type { ReleaseFigures } from '@phonehaat/shared-api';
import { lock } from 'proper-lockfile';
import { DeployerState, PromoteRequest, PruneRequest, RemoteName, type PruneResponse, type ReleaseMeta, type RemoteFigures, type ShellFacts, type StatusResponse, type Version } from '@phonehaat/shared-api/releases';
import { incompatibilities } from './compat.js';
import { deleteRelease, fileKey, listReleases, missingFiles, readRelease } from './release.js';
import { defaultJudgeSettings, judge, type JudgeSettings, type Verdict } from './judge.js';
import { cancelCanary, completeCanary, emptyState, liveManifest, promote, prunable, refuse, rollback, SliceError, type Actor } from './state.js';
import type { ReleaseStore } from './store.js';
import { createManifestWatch, manifestTag } from './manifest-watch.js';

export interface DeployerOptions {
  store: ReleaseStore;
  /** The state file (the live manifest and its history). */
  stateFile: string;
  /** token → the one remote its team may change. */
  tokens: ReadonlyMap<string, RemoteName>;
  /** What the live shell provides and loads (its federation.json). */
  shellFacts: () => Promise<ShellFacts>;
  /** Where browsers fetch the stored releases from ("http://localhost:4300/releases", or the CDN's address). */
  publicUrl: string;
  /** How long a release stays after it was last live or in a canary, for pages still open on it (default 7 days). */
  pruneGraceMs?: number;
  /** Releases' real-user figures since a time (the API's GET /rum/releases): --auto canaries are judged on them. */
  figures?: FiguresSource;
  judgeSettings?: JudgeSettings;
}

/** Each release's figures, in the order asked, since `since`. */
export type FiguresSource = (remote: RemoteName, releases: Version[], since: Date) => Promise<ReleaseFigures[]>;

/** The deployer's last judgment of a remote's --auto canary, shown by `pnpm slice status`. */
export interface Judgment extends Verdict {
  at: string;
  canary: Version;
}

export interface Deployer {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** The same change as POST /remotes/:remote/promote, for the deployer itself (`pnpm start` promotes its builds). */
  promote(remote: RemoteName, version: Version, actor: Actor, canary?: number): Promise<void>;
  /** Judges every --auto canary once, rolling back or completing it when the figures say so (issue 29). */
  judgeCanaries(): Promise<void>;
  state(): DeployerState;
  listen(port: number, host?: string): Promise<{ server: Server; url: string; close(): Promise<void> }>;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export async function createDeployer({ store, stateFile, tokens, shellFacts, publicUrl, pruneGraceMs = WEEK_MS, figures, judgeSettings }: DeployerOptions): Promise<Deployer> {
  let state = emptyState();
  let stateStamp = '';
  /** Reads the state file again if another deployer process changed it (several may share it: decision 025). */
  async function refresh(): Promise<void> {
    const stamp = await stat(stateFile).then(
      (info) => `${info.mtimeMs}:${info.size}:${info.ino}`,
      (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)),
    );
    if (stamp === stateStamp) return;
    state = stamp ? DeployerState.parse(JSON.parse(await readFile(stateFile, 'utf8'))) : emptyState();
    stateStamp = stamp;
  }
  await mkdir(dirname(stateFile), { recursive: true });
  await refresh();
  const entryUrl = (remote: RemoteName, version: Version) => `${publicUrl}/${fileKey(remote, version, 'remoteEntry.js')}`;

  // One change at a time: each waits for the one before, and holds the state file's lock (other deployer processes
  // wait too), reads the state as the last change left it, and replaces it whole.
  let queue: Promise<unknown> = Promise.resolve();
  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await lock(stateFile, { realpath: false, stale: 10_000, retries: { retries: 100, minTimeout: 20, maxTimeout: 200 } });
    try {
      await refresh();
      return await work();
    } finally {
      await release();
    }
  };
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(
      () => locked(work),
      () => locked(work),
    );
    queue = run.catch(() => undefined);
    return run;
  };
  const commit = async (next: DeployerState) => {
    const temporary = `${stateFile}.${process.pid}.partial`;
    await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`);
    await rename(temporary, stateFile); // atomic: a crash leaves the old state or the new, never half
    state = next;
    const info = await stat(stateFile);
    stateStamp = `${info.mtimeMs}:${info.size}:${info.ino}`;
    watch.changed();
  };
  const watch = createManifestWatch({ current: () => liveManifest(state, entryUrl), refresh });

  async function releaseFor(remote: RemoteName, version: Version): Promise<ReleaseMeta> {
    const meta = await readRelease(store, remote, version);
    if (!meta) throw new SliceError(404, `${remote} has no release ${version} (pnpm slice status ${remote} lists them)`);
    const missing = await missingFiles(store, meta);
    if (missing.length) {
      throw new SliceError(422, `${remote} ${version} is incomplete: ${missing.length} of its files are missing or cut short (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''})`);
    }
    return meta;
  }

  async function gate(meta: ReleaseMeta, actor: Actor): Promise<void> {
    const shell = await shellFacts().catch((error: Error) => {
      throw new SliceError(503, `cannot read what the live shell provides, so nothing was promoted: ${error.message}`);
    });
    const problems = incompatibilities(meta.federation, shell);
    if (!problems.length) return;
    const reason = problems.join('; ');
    await commit(refuse(state, meta.remote, meta.version, reason, actor));
    throw new SliceError(422, `${meta.remote} ${meta.version} is refused, and nothing live changed: ${reason}`);
  }

  const promoteRelease = (remote: RemoteName, version: Version, actor: Actor, canary?: number, auto?: boolean) =>
    serialised(async () => {
      const meta = await releaseFor(remote, version);
      await gate(meta, actor);
      await commit(promote(state, remote, version, actor, canary, auto));
      judgments.delete(remote);
    });

  const judgments = new Map<RemoteName, Judgment>();
  /**
   * One round of judging: each --auto canary's figures since it started against the live release's. A rollback or a
   * completion is applied under the state's lock to the canary that was judged, so when two deployer processes judge
   * it, the second finds it gone and does nothing; a person's promote or rollback in between wins the same way.
   */
  async function judgeCanaries(): Promise<void> {
    if (!figures) return;
    await refresh();
    for (const [remote, value] of Object.entries(state.remotes) as [RemoteName, DeployerState['remotes'][RemoteName]][]) {
      const canary = value?.canary;
      if (!canary?.auto || !value?.live) continue;
      const [canaryFigures, liveFigures] = await figures(remote, [canary.version, value.live.version], new Date(canary.at));
      if (!canaryFigures || !liveFigures) continue;
      const verdict = judge(canaryFigures, liveFigures, Date.now() - Date.parse(canary.at), judgeSettings ?? defaultJudgeSettings);
      judgments.set(remote, { ...verdict, at: new Date().toISOString(), canary: canary.version });
      if (verdict.decision === 'wait') continue;
      const actor = { by: 'deployer (auto canary)', at: new Date().toISOString() };
      try {
        await serialised(() => commit(verdict.decision === 'rollback' ? cancelCanary(state, remote, canary.version, actor, verdict.reason) : completeCanary(state, remote, canary.version, actor, verdict.reason)));
        console.log(`deployer: ${remote} canary ${canary.version} ${verdict.decision === 'rollback' ? 'rolled back' : 'promoted to everyone'}: ${verdict.reason}`);
      } catch (error) {
        // Someone (a person, or another deployer process) ended or replaced this canary first: theirs stands.
        if (!(error instanceof SliceError && error.status === 409)) throw error;
      }
    }
  }

  /** Deletes what nothing needs (state.ts's `prunable`); in the queue, so no promotion can pick a release it deletes. */
  const prune = (remote: RemoteName, { keep, dryRun }: PruneRequest, actor: Actor): Promise<PruneResponse> =>
    serialised(async () => {
      const releases = await listReleases(store, remote);
      const doomed = new Set(prunable(state, remote, releases, { keep, graceMs: pruneGraceMs, now: Date.now() }));
      const deleted = releases.filter((meta) => doomed.has(meta.version));
      if (!dryRun) {
        for (const meta of deleted) {
          await deleteRelease(store, meta);
          for (const key of gzipped.keys()) if (key.startsWith(`${remote}/${meta.version}/`)) gzipped.delete(key);
        }
        if (deleted.length) console.log(`deployer: ${actor.by} deleted ${deleted.length} ${remote} release(s): ${deleted.map((meta) => meta.version).join(', ')}`);
      }
      const versions = (metas: ReleaseMeta[]) => metas.map((meta) => meta.version);
      return { remote, deleted: versions(deleted), kept: versions(releases.filter((meta) => !doomed.has(meta.version))), dryRun };
    });

  async function status(): Promise<StatusResponse> {
    const remotes: StatusResponse['remotes'] = {};
    for (const remote of RemoteName.options) {
      const now = state.remotes[remote] ?? { previous: [] };
      const releases = await listReleases(store, remote);
      if (!releases.length && !now.live) continue;
      const previous = new Set(now.previous.map((pointer) => pointer.version));
      const judgment = judgments.get(remote);
      remotes[remote] = {
        ...now,
        ...(judgment && now.canary?.version === judgment.canary ? { judgment } : {}),
        releases: releases.map(({ version, commit: gitCommit, builtAt, by }) => {
          const refused = state.refused[`${remote}/${version}`];
          const status =
            now.live?.version === version ? 'live' : now.canary?.version === version ? 'canary' : refused ? 'refused' : previous.has(version) ? 'previous' : 'stored';
          return { version, commit: gitCommit, builtAt, by, status, ...(status === 'refused' ? { reason: refused!.reason } : {}) };
        }),
      };
    }
    return { remotes, history: state.history };
  }

  /** The live release's and the canary's figures over the last hour, for `pnpm slice status`. */
  async function figuresNow(name: string): Promise<RemoteFigures> {
    const remote = RemoteName.safeParse(name);
    if (!remote.success) throw new SliceError(404, remote.error.issues[0]!.message);
    if (!figures) throw new SliceError(503, 'this deployer is not given the real-user measurements (SLICE_RUM_URL)');
    const now = state.remotes[remote.data];
    const versions = [now?.live?.version, now?.canary?.version].filter((version): version is Version => Boolean(version));
    if (!versions.length) return { remote: remote.data, since: new Date(Date.now() - HOUR_MS).toISOString(), releases: [] };
    const since = new Date(Date.now() - HOUR_MS);
    const found = await figures(remote.data, versions, since).catch((error: Error) => {
      throw new SliceError(503, `the real-user measurements could not be read: ${error.message}`);
    });
    return { remote: remote.data, since: since.toISOString(), releases: found };
  }

  /** The team's remote for this request's token, or the reason it may not change `remote`. */
  function authorise(request: IncomingMessage, remote: RemoteName): Actor {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new SliceError(401, 'no token: set SLICE_TOKEN to your team\'s deployer token');
    const team = tokens.get(token);
    if (!team) throw new SliceError(401, 'the token is not one the deployer knows');
    if (team !== remote) throw new SliceError(403, `the ${team} team's token cannot change the ${remote} remote`);
    const who = String(request.headers['x-slice-actor'] ?? '').replace(/[^\w .@-]/g, '').slice(0, 60).trim();
    return { by: who ? `${who} (${team} team)` : `${team} team`, at: new Date().toISOString() };
  }

  const gzipped = new Map<string, Buffer>();
  async function sendRelease(request: IncomingMessage, response: ServerResponse, key: string) {
    const body = await store.get(key).catch(() => undefined);
    if (!body) return send(response, 404, { error: `no such release file: ${key}` });
    const { type, compressible } = fileType(key);
    // A release never changes after it is stored: every file of it may be cached for good, remoteEntry.js included.
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('Content-Type', type);
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (compressible && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      let zipped = gzipped.get(key);
      if (!zipped) gzipped.set(key, (zipped = gzipSync(body, { level: 9 })));
      response.writeHead(200, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', 'Content-Length': zipped.length });
      response.end(request.method === 'HEAD' ? undefined : zipped);
    } else {
      response.writeHead(200, { 'Content-Length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://deployer').pathname);
      if ((request.method === 'GET' || request.method === 'HEAD') && path.startsWith('/releases/')) {
        return await sendRelease(request, response, path.slice('/releases/'.length));
      }
      if (request.method === 'GET' && path === '/health') return send(response, 200, { ok: true });
      if (request.method === 'GET' && (path === '/manifest' || path === '/status' || path.endsWith('/figures'))) await refresh();
      if (request.method === 'GET' && path === '/manifest') {
        // ?wait=<ETag>: answered when the manifest is another one (or after a while with the same).
        const wait = new URL(request.url ?? '/', 'http://deployer').searchParams.get('wait');
        if (wait) await watch.until(wait, () => request.destroyed || response.destroyed);
        const manifest = liveManifest(state, entryUrl);
        return send(response, 200, manifest, { ETag: manifestTag(manifest) });
      }
      if (request.method === 'GET' && path === '/status') return send(response, 200, await status());
      const figuresOf = /^\/remotes\/([^/]+)\/figures$/.exec(path);
      if (request.method === 'GET' && figuresOf) return send(response, 200, await figuresNow(figuresOf[1]!));
      const action = /^\/remotes\/([^/]+)\/(promote|full|rollback|prune)$/.exec(path);
      if (request.method === 'POST' && action) {
        const remote = RemoteName.safeParse(action[1]);
        if (!remote.success) throw new SliceError(404, remote.error.issues[0]!.message);
        const actor = authorise(request, remote.data);
        if (action[2] === 'prune') {
          const body = PruneRequest.safeParse(await readJson(request));
          if (!body.success) throw new SliceError(400, issuesOf(body.error));
          return send(response, 200, await prune(remote.data, body.data, actor));
        }
        if (action[2] === 'rollback') {
          await serialised(() => commit(rollback(state, remote.data, actor)));
        } else {
          const body = PromoteRequest.safeParse(await readJson(request));
          if (!body.success) throw new SliceError(400, issuesOf(body.error));
          if (action[2] === 'full') await serialised(() => commit(completeCanary(state, remote.data, body.data.version, actor)));
          else await promoteRelease(remote.data, body.data.version, actor, body.data.canary, body.data.auto);
        }
        return send(response, 200, { remote: remote.data, ...state.remotes[remote.data], history: state.history.filter((entry) => entry.remote === remote.data).slice(-1) });
      }
      send(response, 404, { error: `no such deployer route: ${request.method} ${path}` });
    } catch (error) {
      if (error instanceof URIError) return send(response, 400, { error: 'the address is not valid' });
      if (error instanceof SliceError) return send(response, error.status, { error: error.message });
      console.error('deployer:', error);
      send(response, 500, { error: `the deployer failed: ${(error as Error).message}` });
    }
  }

  return {
    handle,
    promote: promoteRelease,
    judgeCanaries,
    state: () => state,
    async listen(port, host = '127.0.0.1') {
      const server = createServer((request, response) => void handle(request, response));
      await new Promise<void>((ok, fail) => {
        server.once('error', fail);
        server.listen(port, host, () => ok());
      });
      return {
        server,
        url: `http://${host}:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((ok) => {
            server.closeAllConnections();
            server.close(() => ok());
          }),
      };
    },
  };
}

/** A request body's problems in one line, each naming its field. */
const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (response.destroyed) return;
  // The manifest and the state change with every promotion: never cached.
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', ...headers }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > 10_000) throw new SliceError(413, 'the request body is too large');
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new SliceError(400, 'the request body is not JSON');
  }
}

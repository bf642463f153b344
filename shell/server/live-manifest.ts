// Where the shell's server gets the live manifest (issue 16, decision 016): from the deployer, resolved per visitor
// (a remote's canary goes to a fixed share of visitors, each always on the same side). If the deployer does not
// answer, the last manifest it gave keeps being served; the last one is also kept in dist/remotes.json, so a shell
// restarted while the deployer is down still serves it. Without a deployer, dist/remotes.json is the manifest.
// Watched (issue 66: `watch()`), the manifest is the one the deployer last answered a long-poll with, told of every
// promotion and rollback as it is made; asked of the deployer per request whenever the watch is not connected.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LiveManifest } from '@phonehaat/shared-api/releases';
import { manifestFor } from './visitor';

export type RemoteUrls = Record<string, string>;

export interface LiveManifestOptions {
  dist: string;
  /** The deployer's address; unset: dist/remotes.json is the manifest. */
  deployerUrl?: string;
  timeoutMs?: number;
  warn?: (message: string) => void;
}

/** How long a watch waits for the deployer beyond its own 25 s answer, before it counts the deployer as gone. */
const WATCH_TIMEOUT_MS = 35_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createLiveManifest({ dist, deployerUrl, timeoutMs = 1000, warn = (message) => console.warn(message) }: LiveManifestOptions) {
  const file = join(dist, 'remotes.json');
  let last: LiveManifest | undefined;
  let lastText = '';
  let failing = false;
  /** The watch is connected and `last` is the live manifest. */
  let watched = false;
  const listeners = new Set<() => void>();

  const fromFile = async (): Promise<RemoteUrls> => JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as RemoteUrls;

  /** The deployer's manifest now, or undefined (said once per outage) when it does not answer. */
  async function fetchLive(): Promise<LiveManifest | undefined> {
    try {
      const response = await fetch(`${deployerUrl}/manifest`, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      const live = LiveManifest.safeParse(await response.json());
      if (!live.success) throw new Error('it sent something that is not a manifest');
      if (failing) warn('shell server: the deployer answers again');
      failing = false;
      return live.data;
    } catch (error) {
      if (!failing) warn(`shell server: the deployer at ${deployerUrl} does not answer (${(error as Error).message}); serving the last live manifest`);
      failing = true;
      return undefined;
    }
  }

  /** Keeps the everyone-side of the live manifest in dist/remotes.json, written aside and renamed. */
  async function remember(live: LiveManifest) {
    last = live;
    const text = `${JSON.stringify(Object.fromEntries(Object.entries(live.remotes).map(([remote, value]) => [remote, value.entry])), null, 2)}\n`;
    if (text === lastText) return;
    lastText = text;
    await writeFile(`${file}.partial`, text);
    await rename(`${file}.partial`, file);
  }

  const keep = (live: LiveManifest) => remember(live).catch((error: Error) => warn(`shell server: could not keep the manifest in ${file}: ${error.message}`));

  /** The manifest for this visitor: remote name → remoteEntry.js URL. */
  async function manifestForVisitor(visitor: string): Promise<RemoteUrls> {
    if (!deployerUrl) return fromFile();
    if (watched && last) return manifestFor(last, visitor);
    const live = await fetchLive();
    if (live) await keep(live);
    const known = live ?? last;
    return known ? manifestFor(known, visitor) : fromFile();
  }

  /**
   * Keeps `last` current by long-polling the deployer (`GET /manifest?wait=<ETag>`), telling the listeners of each
   * change and of each loss of the watch (after which pages are not kept until it is back). Returns what stops it.
   */
  function watch(): () => void {
    let stopped = false;
    let aborter = new AbortController();
    void (async () => {
      let tag = '';
      while (!stopped && deployerUrl) {
        aborter = new AbortController();
        const asked = Date.now();
        try {
          const response = await fetch(`${deployerUrl}/manifest${tag ? `?wait=${encodeURIComponent(tag)}` : ''}`, { signal: AbortSignal.any([aborter.signal, AbortSignal.timeout(WATCH_TIMEOUT_MS)]) });
          if (!response.ok) throw new Error(`it answered ${response.status}`);
          const live = LiveManifest.safeParse(await response.json());
          if (!live.success) throw new Error('it sent something that is not a manifest');
          const next = response.headers.get('etag') ?? '';
          const changed = !watched || next !== tag;
          tag = next;
          last = live.data;
          watched = true;
          if (failing) warn('shell server: the deployer answers again');
          failing = false;
          await keep(live.data);
          if (changed) for (const listener of listeners) listener();
          // A deployer that does not wait (no ETag, or an older one) is asked at most four times a second.
          if (!tag || Date.now() - asked < 50) await sleep(250);
        } catch (error) {
          if (stopped) break;
          if (!failing) warn(`shell server: the deployer at ${deployerUrl} does not answer (${(error as Error).message}); serving the last live manifest`);
          failing = true;
          tag = '';
          if (watched) {
            watched = false;
            for (const listener of listeners) listener();
          }
          await sleep(1000);
        }
      }
    })();
    return () => {
      stopped = true;
      watched = false;
      aborter.abort();
    };
  }

  return Object.assign(manifestForVisitor, {
    watch,
    /** Whether the manifest is live and no remote has a canary: every visitor gets the same releases. */
    sameForEveryone: () => (deployerUrl ? watched && !!last && Object.values(last.remotes).every((remote) => !remote.canary) : true),
    /** Whether it is known at once that the manifest changed (watched, or read from the deployed file). */
    watched: () => !deployerUrl || watched,
    /** Calls `listener` when the manifest changes or the watch is lost. */
    onChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
}

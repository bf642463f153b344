// Where the shell's server gets the live manifest (issue 16, decision 016): from the deployer, resolved per visitor
// (a remote's canary goes to a fixed share of visitors, each always on the same side). If the deployer does not
// answer, the last manifest it gave keeps being served; the last one is also kept in dist/remotes.json, so a shell
// restarted while the deployer is down still serves it. Without a deployer, dist/remotes.json is the manifest.
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

export function createLiveManifest({ dist, deployerUrl, timeoutMs = 1000, warn = (message) => console.warn(message) }: LiveManifestOptions) {
  const file = join(dist, 'remotes.json');
  let last: LiveManifest | undefined;
  let lastText = '';
  let failing = false;

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

  /** The manifest for this visitor: remote name → remoteEntry.js URL. */
  return async function manifestForVisitor(visitor: string): Promise<RemoteUrls> {
    if (!deployerUrl) return fromFile();
    const live = await fetchLive();
    if (live) await remember(live).catch((error: Error) => warn(`shell server: could not keep the manifest in ${file}: ${error.message}`));
    const known = live ?? last;
    return known ? manifestFor(known, visitor) : fromFile();
  };
}

// The live manifest watched (issue 66): the shell's server keeps the composed pages of a release only while it knows
// the release is live, so it asks `GET /manifest?wait=<its ETag>` and the deployer answers when the manifest is no
// longer that one — at once for a change made here, within `pollMs` for one another deployer process wrote to the
// shared state file (decision 025) — or after `maxWaitMs` with the same manifest, so proxies never time it out.
import { createHash } from 'node:crypto';

/** The manifest's ETag: the same manifest, the same tag, in any deployer process. */
export const manifestTag = (manifest: unknown) => `"${createHash('sha256').update(JSON.stringify(manifest)).digest('base64url').slice(0, 22)}"`;

export interface ManifestWatchOptions {
  /** The live manifest as this process knows it now. */
  current: () => unknown;
  /** Reads the shared state file again if another process changed it. */
  refresh: () => Promise<void>;
  pollMs?: number;
  maxWaitMs?: number;
}

export function createManifestWatch({ current, refresh, pollMs = 250, maxWaitMs = 25_000 }: ManifestWatchOptions) {
  const waiting = new Set<() => void>();
  return {
    /** Wakes every waiting request: a change was committed here. */
    changed() {
      for (const wake of [...waiting]) wake();
    },
    /** Resolves once the manifest's tag is not `tag`, the wait is over, or `gone` (the asker left) says so. */
    async until(tag: string, gone: () => boolean): Promise<void> {
      const deadline = Date.now() + maxWaitMs;
      while (manifestTag(current()) === tag && Date.now() < deadline && !gone()) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(pollMs, Math.max(0, deadline - Date.now())));
          function done() {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          }
          waiting.add(done);
        });
        await refresh();
      }
    },
    /** How many requests wait (for a test). */
    waiting: () => waiting.size,
  };
}

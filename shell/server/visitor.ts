// Which release a visitor gets, decided where the manifest is served (the shell's server), so the shell's code never
// changes per release. Sticky: the same visitor id always lands on the same side of a remote's canary, and raising
// the percent only adds visitors to it.
import { createHash, randomUUID } from 'node:crypto';
import type { LiveManifest } from '@phonehaat/shared-api/releases';

/** 0–99, fixed for a visitor and a remote. */
export function bucketOf(visitor: string, remote: string): number {
  return createHash('sha256').update(`${remote}:${visitor}`).digest().readUInt32BE(0) % 100;
}

/** The browser's /remotes.json for this visitor: remote name → remoteEntry.js URL. */
export function manifestFor(live: LiveManifest, visitor: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(live.remotes).map(([remote, value]) => [remote, value.canary && bucketOf(visitor, remote) < value.canary.percent ? value.canary.entry : value.entry]),
  );
}

export const VISITOR_COOKIE = 'ph_visitor';

/** The visitor id from a Cookie header, or a new one with the Set-Cookie header that keeps it for a year. */
export function visitorFrom(cookieHeader: string | undefined): { id: string; setCookie?: string } {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([A-Za-z0-9-]{8,64})(?:;|$)`));
  if (match?.[1]) return { id: match[1] };
  const id = randomUUID();
  return { id, setCookie: `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly` };
}

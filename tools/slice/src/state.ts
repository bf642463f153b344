// The live manifest's state changes, as pure functions: each takes the state and returns the next one, or throws a
// SliceError and changes nothing. The deployer applies them one at a time (deployer.ts).
import type { DeployerState, HistoryEntry, LiveManifest, Pointer, RemoteName, RemoteState, Version } from '@phonehaat/shared-api/releases';

/** An error with the HTTP status the deployer answers it with; its message is one line a person can act on. */
export class SliceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const emptyState = (): DeployerState => ({ remotes: {}, refused: {}, history: [] });

/** Who did it and when, for the history. */
export interface Actor {
  by: string;
  at: string;
}

const HISTORY_KEPT = 200;
const PREVIOUS_KEPT = 20;

function change(state: DeployerState, remote: RemoteName, next: RemoteState, entry: HistoryEntry): DeployerState {
  return {
    ...state,
    remotes: { ...state.remotes, [remote]: next },
    history: [...state.history, entry].slice(-HISTORY_KEPT),
  };
}

const current = (state: DeployerState, remote: RemoteName): RemoteState => state.remotes[remote] ?? { previous: [] };

/** Makes a release live for everyone (or, with a percent, for that share of visitors). */
export function promote(state: DeployerState, remote: RemoteName, version: Version, actor: Actor, canaryPercent?: number, auto = false): DeployerState {
  const now = current(state, remote);
  const pointer: Pointer = { version, at: actor.at, by: actor.by };
  if (canaryPercent !== undefined) {
    if (!now.live) throw new SliceError(409, `${remote} has no live release yet: promote one fully before a canary`);
    if (now.live.version === version) throw new SliceError(409, `${remote} ${version} is already live for everyone`);
    const judged = auto ? { auto: true } : {};
    return change(state, remote, { ...now, canary: { ...pointer, percent: canaryPercent, ...judged } }, { ...actor, remote, action: 'canary', version, percent: canaryPercent, ...judged });
  }
  if (now.live?.version === version && !now.canary) throw new SliceError(409, `${remote} ${version} is already live`);
  return goLive(state, remote, pointer, 'promote');
}

/** The release becomes live for everyone (any canary ends); the one live before is kept for rollback. */
function goLive(state: DeployerState, remote: RemoteName, pointer: Pointer, action: 'promote' | 'full', reason?: string): DeployerState {
  const now = current(state, remote);
  return change(
    state,
    remote,
    { live: pointer, previous: now.live && now.live.version !== pointer.version ? [now.live, ...now.previous].slice(0, PREVIOUS_KEPT) : now.previous },
    { at: pointer.at, by: pointer.by, remote, action, version: pointer.version, ...(now.live ? { from: now.live.version } : {}), ...(reason ? { reason } : {}) },
  );
}

/** Completes a canary rollout: its release becomes live for everyone (`reason`: the deployer's judgment, issue 29). */
export function completeCanary(state: DeployerState, remote: RemoteName, version: Version, actor: Actor, reason?: string): DeployerState {
  const now = current(state, remote);
  if (!now.canary) throw new SliceError(409, `${remote} has no canary to complete`);
  if (now.canary.version !== version) throw new SliceError(409, `${remote}'s canary is ${now.canary.version}, not ${version}`);
  return goLive(state, remote, { version, ...actor }, 'full', reason);
}

/** Cancels a canary if there is one; otherwise returns to the release that was live before. */
export function rollback(state: DeployerState, remote: RemoteName, actor: Actor): DeployerState {
  const now = current(state, remote);
  if (now.canary) return cancelCanary(state, remote, now.canary.version, actor);
  const [back, ...older] = now.previous;
  if (!now.live || !back) throw new SliceError(409, `${remote} has no earlier release to roll back to`);
  return change(state, remote, { live: { ...back, at: actor.at, by: actor.by }, previous: older }, { ...actor, remote, action: 'rollback', version: back.version, from: now.live.version });
}

/**
 * Cancels the remote's canary of `version` (`reason`: why, when the deployer judged it, issue 29); a canary already
 * ended, or replaced by another release, is a 409 and nothing changes, so a judgment acts on the canary it judged.
 */
export function cancelCanary(state: DeployerState, remote: RemoteName, version: Version, actor: Actor, reason?: string): DeployerState {
  const { canary, ...rest } = current(state, remote);
  if (canary?.version !== version) throw new SliceError(409, `${remote}'s canary is ${canary ? canary.version : 'over'}, not ${version}`);
  return change(state, remote, rest, { ...actor, remote, action: 'cancel-canary', version, ...(reason ? { reason } : {}) });
}

/** Records that a release was refused by the compatibility gate (nothing live changes). */
export function refuse(state: DeployerState, remote: RemoteName, version: Version, reason: string, actor: Actor): DeployerState {
  return {
    ...state,
    refused: { ...state.refused, [`${remote}/${version}`]: { reason, ...actor } },
    history: [...state.history, { ...actor, remote, action: 'refused' as const, version, reason }].slice(-HISTORY_KEPT),
  };
}

/** The manifest the shell's server reads: each remote's live entry, and its canary's with the share of visitors. */
export function liveManifest(state: DeployerState, entryUrl: (remote: RemoteName, version: Version) => string): LiveManifest {
  const remotes: LiveManifest['remotes'] = {};
  for (const [remote, value] of Object.entries(state.remotes) as [RemoteName, RemoteState][]) {
    if (!value.live) continue;
    remotes[remote] = {
      version: value.live.version,
      entry: entryUrl(remote, value.live.version),
      ...(value.canary ? { canary: { version: value.canary.version, entry: entryUrl(remote, value.canary.version), percent: value.canary.percent } } : {}),
    };
  }
  return { remotes };
}

/** What `prune` keeps besides what is live, in a canary or a rollback target. */
export interface Retention {
  /** The newest releases kept whatever they are (stored for a promotion yet to come). */
  keep: number;
  /** A release live or in a canary this recently is kept: open pages still load its chunks. */
  graceMs: number;
  now: number;
}

/**
 * The releases of a remote that may be deleted: every one but the live release, its canary, the releases a rollback
 * can return to, any live or in a canary within the grace period, and the `keep` newest.
 */
export function prunable(state: DeployerState, remote: RemoteName, releases: readonly { version: Version; builtAt: string }[], { keep, graceMs, now }: Retention): Version[] {
  const { live, canary, previous } = current(state, remote);
  const kept = new Set<Version>([...(live ? [live.version] : []), ...(canary ? [canary.version] : []), ...previous.map((pointer) => pointer.version)]);
  for (const entry of state.history) {
    if (entry.remote !== remote || entry.action === 'refused' || now - Date.parse(entry.at) > graceMs) continue;
    kept.add(entry.version);
    if (entry.from) kept.add(entry.from);
  }
  [...releases].sort((a, b) => b.builtAt.localeCompare(a.builtAt)).slice(0, keep).forEach((release) => kept.add(release.version));
  return releases.filter((release) => !kept.has(release.version)).map((release) => release.version);
}

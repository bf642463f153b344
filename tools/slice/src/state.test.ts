import { describe, expect, it } from 'vitest';
import type { DeployerState } from '@phonehaat/shared-api/releases';
import { completeCanary, emptyState, liveManifest, promote, prunable, refuse, rollback, SliceError } from './state.js';

const alice = { by: 'alice (storefront team)', at: '2026-11-23T10:00:00.000Z' };
const v = (n: number) => String(n).padStart(12, 'a');
const entry = (remote: string, version: string) => `https://cdn.test/${remote}/${version}/remoteEntry.js`;
const live = (state: DeployerState) => state.remotes.storefront?.live?.version;
const expectRefusal = (change: () => unknown, status: number, message: RegExp) => {
  let error: unknown;
  try {
    change();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(SliceError);
  expect((error as SliceError).status).toBe(status);
  expect((error as SliceError).message).toMatch(message);
};

describe('the live manifest', () => {
  it('promotes a release, keeps the one before for rollback, and records both in the history', () => {
    const one = promote(emptyState(), 'storefront', v(1), alice);
    const two = promote(one, 'storefront', v(2), alice);
    expect(live(two)).toBe(v(2));
    expect(two.remotes.storefront?.previous.map((pointer) => pointer.version)).toEqual([v(1)]);
    expect(two.history.map(({ action, version, from }) => ({ action, version, from }))).toEqual([
      { action: 'promote', version: v(1), from: undefined },
      { action: 'promote', version: v(2), from: v(1) },
    ]);
    expect(liveManifest(two, entry).remotes).toEqual({ storefront: { version: v(2), entry: entry('storefront', v(2)) } });
    // The state it came from is untouched: a change that fails leaves nothing half-applied.
    expect(live(one)).toBe(v(1));
  });

  it('rolls back one release at a time, then says there is nothing earlier', () => {
    let state = [v(1), v(2), v(3)].reduce((current, version) => promote(current, 'storefront', version, alice), emptyState());
    state = rollback(state, 'storefront', alice);
    expect(live(state)).toBe(v(2));
    state = rollback(state, 'storefront', alice);
    expect(live(state)).toBe(v(1));
    expect(state.history.at(-1)).toMatchObject({ action: 'rollback', version: v(1), from: v(2) });
    expectRefusal(() => rollback(state, 'storefront', alice), 409, /no earlier release/);
    expectRefusal(() => rollback(emptyState(), 'buyer', alice), 409, /buyer has no earlier release/);
  });

  it('runs a canary beside the live release, completes it with full, or cancels it with rollback', () => {
    const base = promote(emptyState(), 'storefront', v(1), alice);
    const canary = promote(base, 'storefront', v(2), alice, 25);
    expect(live(canary)).toBe(v(1));
    expect(liveManifest(canary, entry).remotes.storefront).toEqual({
      version: v(1),
      entry: entry('storefront', v(1)),
      canary: { version: v(2), entry: entry('storefront', v(2)), percent: 25 },
    });
    const full = completeCanary(canary, 'storefront', v(2), alice);
    expect(live(full)).toBe(v(2));
    expect(full.remotes.storefront?.canary).toBeUndefined();
    expect(full.history.at(-1)).toMatchObject({ action: 'full', version: v(2), from: v(1) });
    // Rolling back after the rollout returns to the release before it.
    expect(live(rollback(full, 'storefront', alice))).toBe(v(1));

    const cancelled = rollback(canary, 'storefront', alice);
    expect(live(cancelled)).toBe(v(1));
    expect(cancelled.remotes.storefront?.canary).toBeUndefined();
    expect(cancelled.history.at(-1)).toMatchObject({ action: 'cancel-canary', version: v(2) });
  });

  it('refuses a canary with nothing live, of the live release, or a full rollout of another version', () => {
    expectRefusal(() => promote(emptyState(), 'storefront', v(1), alice, 10), 409, /no live release yet/);
    const base = promote(emptyState(), 'storefront', v(1), alice);
    expectRefusal(() => promote(base, 'storefront', v(1), alice, 10), 409, /already live for everyone/);
    expectRefusal(() => promote(base, 'storefront', v(1), alice), 409, /already live/);
    expectRefusal(() => completeCanary(base, 'storefront', v(2), alice), 409, /no canary to complete/);
    const canary = promote(base, 'storefront', v(2), alice, 10);
    expectRefusal(() => completeCanary(canary, 'storefront', v(3), alice), 409, /canary is a+2, not a+3/);
  });

  it('a full promotion of another release ends a canary', () => {
    const canary = promote(promote(emptyState(), 'storefront', v(1), alice), 'storefront', v(2), alice, 50);
    const next = promote(canary, 'storefront', v(3), alice);
    expect(next.remotes.storefront).toMatchObject({ live: { version: v(3) }, previous: [{ version: v(1) }] });
    expect(next.remotes.storefront?.canary).toBeUndefined();
  });

  it('records a refused release with its reason and changes nothing live', () => {
    const base = promote(emptyState(), 'storefront', v(1), alice);
    const refused = refuse(base, 'storefront', v(2), 'react: the release needs ^20.0.0, the live shell provides 19.3.0', alice);
    expect(refused.remotes).toEqual(base.remotes);
    expect(refused.refused[`storefront/${v(2)}`]?.reason).toMatch(/react/);
    expect(refused.history.at(-1)).toMatchObject({ action: 'refused', version: v(2) });
  });
});

describe('which releases prune may delete', () => {
  const day = 24 * 60 * 60 * 1000;
  const at = (days: number) => new Date(Date.parse('2026-11-01T00:00:00.000Z') + days * day).toISOString();
  const releases = Array.from({ length: 8 }, (_, i) => ({ version: v(i + 1), builtAt: at(i) }));

  it('keeps the live release, its canary, what rollback returns to, the recently live and the newest; the rest may go', () => {
    // v1 and v2 were live a month ago; v3 live, then rolled back from (v4) within the week; v5 is the canary.
    let state = promote(emptyState(), 'storefront', v(1), { by: 'a', at: at(0) });
    state = promote(state, 'storefront', v(2), { by: 'a', at: at(1) });
    state = rollback(state, 'storefront', { by: 'a', at: at(2) }); // back on v1; v2 is no rollback target now
    state = promote(state, 'storefront', v(3), { by: 'a', at: at(28) }); // v1 becomes the rollback target
    state = promote(state, 'storefront', v(4), { by: 'a', at: at(29) });
    state = rollback(state, 'storefront', { by: 'a', at: at(29) }); // v4 was live an hour: open pages may still use it
    state = promote(state, 'storefront', v(5), { by: 'a', at: at(30) }, 10);
    state = refuse(state, 'storefront', v(6), 'needs React 20', { by: 'a', at: at(30) });
    const now = Date.parse(at(31));
    expect(prunable(state, 'storefront', releases, { keep: 1, graceMs: 7 * day, now })).toEqual([v(2), v(6), v(7)]);
    // Without a grace period v4 may go too; keeping the three newest spares v6 and v7.
    expect(prunable(state, 'storefront', releases, { keep: 1, graceMs: 0, now })).toEqual([v(2), v(4), v(6), v(7)]);
    expect(prunable(state, 'storefront', releases, { keep: 3, graceMs: 7 * day, now })).toEqual([v(2)]);
  });

  it('looks only at the remote asked about', () => {
    const state = promote(emptyState(), 'buyer', v(1), alice);
    expect(prunable(state, 'storefront', releases.slice(0, 2), { keep: 0, graceMs: 0, now: Date.parse(alice.at) })).toEqual([v(1), v(2)]);
  });
});

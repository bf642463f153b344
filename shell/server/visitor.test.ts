// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LiveManifest } from '@phonehaat/shared-api/releases';
import { bucketOf, manifestFor, visitorFrom } from './visitor.js';

const live = (percent: number): LiveManifest => ({
  remotes: {
    storefront: { version: 'aaaaaaaaaaaa', entry: 'https://cdn.test/old/remoteEntry.js', canary: { version: 'bbbbbbbbbbbb', entry: 'https://cdn.test/new/remoteEntry.js', percent } },
    buyer: { version: 'cccccccccccc', entry: 'https://cdn.test/buyer/remoteEntry.js' },
  },
});
const visitors = Array.from({ length: 2000 }, (_, index) => `visitor-${index}`);

describe("a visitor's manifest", () => {
  it('sends about the canary share of visitors to the canary, and every other remote to its live release', () => {
    const onCanary = visitors.filter((visitor) => manifestFor(live(20), visitor).storefront === 'https://cdn.test/new/remoteEntry.js').length;
    expect(onCanary / visitors.length).toBeGreaterThan(0.16);
    expect(onCanary / visitors.length).toBeLessThan(0.24);
    expect(new Set(visitors.map((visitor) => manifestFor(live(20), visitor).buyer))).toEqual(new Set(['https://cdn.test/buyer/remoteEntry.js']));
  });

  it('keeps each visitor on the same side, and raising the share only adds visitors', () => {
    for (const visitor of visitors.slice(0, 200)) {
      expect(manifestFor(live(30), visitor)).toEqual(manifestFor(live(30), visitor));
      const before = manifestFor(live(10), visitor).storefront;
      if (before?.includes('/new/')) expect(manifestFor(live(60), visitor).storefront).toBe(before);
    }
    expect(bucketOf('someone', 'storefront')).toBe(bucketOf('someone', 'storefront'));
  });

  it('reads the visitor id from the cookie, or makes a new one with a cookie to keep it', () => {
    expect(visitorFrom('theme=dark; ph_visitor=0f6a1c2e-1111-2222-3333-444455556666; x=1')).toEqual({ id: '0f6a1c2e-1111-2222-3333-444455556666' });
    const fresh = visitorFrom(undefined);
    expect(fresh.setCookie).toBe(`ph_visitor=${fresh.id}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`);
    // Anything else in the cookie is not taken as an id.
    expect(visitorFrom('ph_visitor=<script>').setCookie).toBeDefined();
  });
});

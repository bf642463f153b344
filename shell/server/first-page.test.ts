// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import { createFirstPage } from './first-page';
import { createPageCache } from './page-cache';

const request = (who?: string) => ({ headers: who ? { cookie: `session=${who}` } : {} }) as IncomingMessage;
const manifest = { storefront: 'https://cdn.test/storefront/aaaaaaaaaaaa/remoteEntry.js' };

function world(shared = true, composes = true) {
  const composed: string[] = [];
  const pages = createPageCache({ ttlMs: 60_000 });
  const firstPage = createFirstPage({
    pages,
    // What a composition shows: whose page it is, if anyone's.
    compose: async (url, _manifest, session) => {
      composed.push(session?.email ?? 'visitor');
      if (!composes) return undefined;
      return { html: `<p>${url.pathname} for ${session?.email ?? 'a visitor'}</p>`, status: 200 };
    },
    sessionOf: (incoming) => {
      const who = /session=([^;]+)/.exec(String(incoming.headers.cookie ?? ''))?.[1];
      return who ? ({ email: who, token: 't', name: who, role: 'buyer' } as unknown as ServerSession) : undefined;
    },
    sameForEveryone: () => shared,
    indexFor: () => '<head></head><p>index</p>',
    // The pages a release set publishes (release-pages.ts): here, named by its storefront's address.
    pagesFor: async (releases) => [{ remote: 'storefront', module: 'home-page', path: '/', permission: null, label: { en: releases.storefront!, bn: 'হোম' } }],
  });
  return { firstPage, pages, composed };
}

describe('the first page for a request', () => {
  it("keeps a visitor's page for the next visitor, and never a signed-in person's, before or after", async () => {
    const { firstPage, pages, composed } = world();
    const url = new URL('http://localhost:4200/');
    const ayesha = await firstPage(url, manifest, request('ayesha@example.com'));
    expect(ayesha.html).toBe('<p>/ for ayesha@example.com</p>');
    expect(ayesha.shared).toBeUndefined();
    expect(pages.size()).toBe(0);
    const visitor = await firstPage(url, manifest, request());
    const another = await firstPage(url, manifest, request());
    expect(visitor.html).toBe('<p>/ for a visitor</p>');
    expect(another.etag).toBe(visitor.etag);
    expect(another.shared).toBe(true);
    // Signed in again after visitors: composed for her, not the visitors' kept page.
    expect((await firstPage(url, manifest, request('ayesha@example.com'))).html).toBe('<p>/ for ayesha@example.com</p>');
    expect((await firstPage(url, manifest, request('rahim@example.com'))).html).toBe('<p>/ for rahim@example.com</p>');
    expect(composed).toEqual(['ayesha@example.com', 'visitor', 'ayesha@example.com', 'rahim@example.com']);
  });

  it('keeps a page per release set and address, and says it is not shared while a canary splits visitors', async () => {
    const { firstPage, composed } = world(false);
    const canary = { storefront: 'https://cdn.test/storefront/bbbbbbbbbbbb/remoteEntry.js' };
    const home = new URL('http://localhost:4200/');
    await firstPage(home, manifest, request());
    await firstPage(home, canary, request());
    await firstPage(new URL('http://localhost:4200/bn/'), manifest, request());
    const again = await firstPage(home, canary, request());
    expect(composed).toEqual(['visitor', 'visitor', 'visitor']);
    expect(again.shared).toBe(false);
  });

  it("sends a page it could not compose with the pages of this visitor's releases, for the app to route to", async () => {
    const { firstPage } = world(false, false);
    const canary = { storefront: 'https://cdn.test/storefront/bbbbbbbbbbbb/remoteEntry.js' };
    const live = await firstPage(new URL('http://localhost:4200/'), manifest, request());
    const split = await firstPage(new URL('http://localhost:4200/'), canary, request('ayesha@example.com'));
    const script = (releases: Record<string, string>) =>
      `<script type="application/json" id="phonehaat-pages">[{"remote":"storefront","module":"home-page","path":"/","permission":null,"label":{"en":"${releases.storefront}","bn":"হোম"}}]</script>`;
    expect(live.html).toBe(`<head>${script(manifest)}</head><p>index</p>`);
    expect(split.html).toBe(`<head>${script(canary)}</head><p>index</p>`);
  });
});

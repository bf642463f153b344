// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import { createFirstPage } from './first-page';
import { createPageCache } from './page-cache';

const request = (who?: string) => ({ headers: who ? { cookie: `session=${who}` } : {} }) as IncomingMessage;
const manifest = { storefront: 'https://cdn.test/storefront/aaaaaaaaaaaa/remoteEntry.js' };

function world(shared = true) {
  const composed: string[] = [];
  const pages = createPageCache({ ttlMs: 60_000 });
  const firstPage = createFirstPage({
    pages,
    // What a composition shows: whose page it is, if anyone's.
    compose: async (url, _manifest, session) => {
      composed.push(session?.email ?? 'visitor');
      return { html: `<p>${url.pathname} for ${session?.email ?? 'a visitor'}</p>`, status: 200 };
    },
    sessionOf: (incoming) => {
      const who = /session=([^;]+)/.exec(String(incoming.headers.cookie ?? ''))?.[1];
      return who ? ({ email: who, token: 't', name: who, role: 'buyer' } as unknown as ServerSession) : undefined;
    },
    sameForEveryone: () => shared,
    indexFor: () => '<p>index</p>',
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
});

// @vitest-environment node
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, type KeptPage } from './page-cache';

const composer = () => {
  let made = 0;
  return {
    made: () => made,
    compose: async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { html: `<p>page ${made}</p>`, status: 200 };
    },
  };
};

describe("visitors' kept pages", () => {
  it('composes a page once for everyone asking, at once or later, gzipped once with a validator', async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { compose, made } = composer();
    const [a, b] = await Promise.all([cache.get('/', compose), cache.get('/', compose)]);
    const c = await cache.get('/', compose);
    expect(made()).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    const kept = a as KeptPage;
    expect(gunzipSync(kept.gzip).toString()).toBe('<p>page 1</p>');
    expect(kept.etag).toMatch(/^"[\w-]{27}"$/);
    expect((await cache.get('/bn/', compose))!.html).toBe('<p>page 2</p>');
  });

  it('forgets every page at a change, and keeps none while a condition is not met', async () => {
    const cache = createPageCache({ ttlMs: 10_000 });
    const { compose, made } = composer();
    await cache.get('/', compose);
    cache.clear();
    expect((await cache.get('/', compose))!.html).toBe('<p>page 2</p>');
    cache.condition('catalog', false);
    expect(cache.keeping()).toBe(false);
    await cache.get('/', compose);
    // Not kept: no validator, so the page is not offered to shared caches either.
    expect(await cache.get('/', compose)).toEqual({ html: '<p>page 4</p>', status: 200 });
    expect(made()).toBe(4);
    expect(cache.size()).toBe(0);
    cache.condition('catalog', true);
    await cache.get('/', compose);
    await cache.get('/', compose);
    expect(made()).toBe(5);
  });

  it('does not keep a page composed while a change came in, nor one that could not be composed, nor past its time', async () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 1000, now: () => now });
    const { compose, made } = composer();
    const during = cache.get('/', compose);
    cache.clear();
    await during;
    expect(cache.size()).toBe(0);
    expect(await cache.get('/x', async () => undefined)).toBeUndefined();
    expect(cache.size()).toBe(0);
    await cache.get('/', compose);
    now = 999;
    await cache.get('/', compose);
    expect(made()).toBe(2);
    now = 1001;
    await cache.get('/', compose);
    expect(made()).toBe(3);
  });

  it('keeps nothing with no time to keep it, and at most maxEntries pages', async () => {
    const none = createPageCache({ ttlMs: 0 });
    const { compose, made } = composer();
    await none.get('/', compose);
    await none.get('/', compose);
    expect(made()).toBe(2);
    const few = createPageCache({ ttlMs: 10_000, maxEntries: 3 });
    for (const path of ['/a', '/b', '/c', '/d', '/e']) await few.get(path, compose);
    expect(few.size()).toBe(3);
  });
});

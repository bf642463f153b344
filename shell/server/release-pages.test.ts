// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReleasePages, withPages } from './release-pages';
import { serve } from './serve';

// Two releases of the storefront and one of the buyer slice, laid out as the deployer serves them.
const releases = mkdtempSync(join(tmpdir(), 'phonehaat-release-pages-'));
let host: Awaited<ReturnType<typeof serve>>;
const page = (path: string, module: string, extra: object = {}) => ({ path, module, permission: null, label: { en: module, bn: module }, ...extra });
function release(folder: string, pages: unknown) {
  mkdirSync(join(releases, folder), { recursive: true });
  writeFileSync(join(releases, folder, 'remoteEntry.js'), '');
  if (pages !== undefined) writeFileSync(join(releases, folder, 'pages.json'), JSON.stringify(pages));
}
const entry = (folder: string) => `${host.url}/${folder}/remoteEntry.js`;

beforeAll(async () => {
  release('storefront/v1', [page('/', 'home-page', { composed: true })]);
  release('storefront/v2', [page('/', 'home-page', { composed: true }), page('/warranty', 'warranty-page')]);
  release('buyer/v1', [page('/dashboard/myorders', 'my-orders-page', { permission: 'read:booking:own', menu: { en: 'My Orders', bn: 'আমার অর্ডার' } }), page('/warranty', 'their-warranty')]);
  release('buyer/old', undefined);
  release('buyer/bad', [{ path: 'no slash', module: 'x' }]);
  host = await serve({ root: releases, port: 0, cors: true });
});
afterAll(() => host.close());

describe("the releases' pages", () => {
  it("are the pages each release publishes, in the remote list's order: a new page comes with its release and goes with it", async () => {
    const warnings: string[] = [];
    const pagesFor = createReleasePages({ warn: (message) => warnings.push(message) });
    const live = await pagesFor({ buyer: entry('buyer/v1'), storefront: entry('storefront/v1') });
    expect(live.map(({ remote, path }) => `${remote} ${path}`)).toEqual(['storefront /', 'buyer /dashboard/myorders', 'buyer /warranty']);
    expect(live[1]).toMatchObject({ permission: 'read:booking:own', menu: { en: 'My Orders', bn: 'আমার অর্ডার' } });
    // The storefront's next release adds /warranty, which the buyer slice publishes too: the first remote keeps it, and it is said.
    const next = await pagesFor({ storefront: entry('storefront/v2'), buyer: entry('buyer/v1') });
    expect(next.map(({ remote, module }) => `${remote} ${module}`)).toEqual(['storefront home-page', 'storefront warranty-page', 'buyer my-orders-page']);
    expect(warnings).toEqual(["shell server: buyer and storefront both publish /warranty; storefront's is routed"]);
    // Rolled back: its pages are the older release's again.
    expect((await pagesFor({ storefront: entry('storefront/v1') })).map(({ path }) => path)).toEqual(['/']);
  });

  it('route none of a release whose list is missing or malformed, say so, and ask again at the next request', async () => {
    const warnings: string[] = [];
    const pagesFor = createReleasePages({ warn: (message) => warnings.push(message) });
    expect((await pagesFor({ storefront: entry('storefront/v1'), buyer: entry('buyer/old') })).map(({ path }) => path)).toEqual(['/']);
    expect(warnings[0]).toMatch(/^shell server: the pages of buyer's release are not known \(.*pages\.json answered 404\); its addresses are not routed$/);
    expect(await pagesFor({ buyer: entry('buyer/bad') })).toEqual([]);
    expect(warnings).toHaveLength(2);
    // Published later (a release's files being copied): read at the next request.
    release('buyer/old', [page('/dashboard/myorders', 'my-orders-page', { permission: 'read:booking:own' })]);
    expect((await pagesFor({ buyer: entry('buyer/old') })).map(({ module }) => module)).toEqual(['my-orders-page']);
  });

  it('go in the head of a page as JSON that cannot end its script', () => {
    const html = withPages('<html><head><title>PhoneHaat</title></head><body></body></html>', [{ ...page('/x', 'x-page'), remote: 'storefront', label: { en: '</script><b>', bn: '$&' } }]);
    expect(html).toBe(
      '<html><head><title>PhoneHaat</title><script type="application/json" id="phonehaat-pages">[{"path":"/x","module":"x-page","permission":null,"label":{"en":"\\u003c/script>\\u003cb>","bn":"$&"},"remote":"storefront"}]</script></head><body></body></html>',
    );
  });
});

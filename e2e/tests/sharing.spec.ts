import sharp from 'sharp';
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import { shellUrl } from '../stack';
import { apiAs, createAccount, expect, expectAccessible, listPhone, screenshot, signIn, test } from '../fixtures';

/** A tag's content in the first HTML, by its property or name (as React and the shell's server write them). */
/** A meta tag's content as a crawler reads it: its HTML entities decoded (an address's `&amp;` is `&`). */
const tag = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replaceAll('.', '\\.')}" content="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&(amp|quot|lt|gt|#39);/g, (_, entity: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" })[entity]!);

// Issue 48: phones found where Bangladesh looks. A phone's page is public: a shared link opens it for anyone, and what
// needs an account asks for it and comes back.

test.describe("a shared phone's link", () => {
  test('opens the phone for a visitor, whose Book Now asks them to sign in and brings them back to it', async ({ page }) => {
    const seller = await createAccount('Seller', 'Karim Mia');
    const phone = await listPhone(seller);
    const buyer = await createAccount('Buyer');
    await page.goto(`/product/${phone.id}`);
    await expect(page.getByRole('heading', { level: 1, name: phone.name })).toBeVisible();
    await expect(page.getByText('Tk 12,500').first()).toBeVisible();
    await expect(page.getByText('Sign in to book this phone, make an offer or message the seller: you come back here after.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Book Now', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?from=/);
    await signIn(page, buyer);
    await expect(page).toHaveURL(new RegExp(`/product/${phone.id}$`));
    await page.getByRole('button', { name: 'Book Now', exact: true }).click();
    await expect(page.getByRole('dialog', { name: `Book ${phone.name}` })).toBeVisible();
  });

  test('is answered, to a chat app that runs no JavaScript, with the phone in its title, description and addresses, in its language', async () => {
    const seller = await createAccount('Seller', 'Karim Mia');
    const phone = await listPhone(seller);
    for (const agent of ['WhatsApp/2.23.20.0', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Twitterbot/1.0']) {
      const english = await fetch(`${shellUrl}/product/${phone.id}`, { headers: { 'user-agent': agent } });
      expect(english.status).toBe(200);
      const html = await english.text();
      // In the head, where search engines and chat apps read them.
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<title>${phone.name} · PhoneHaat</title>`);
      expect(head).toMatch(new RegExp(`<meta name="description" content="${phone.name}, second-hand, Good condition, bought in 2023: Tk 12,500 in Mirpur, Dhaka\\. Sold by Karim Mia on PhoneHaat\\."\\s*\\/?>`));
      expect(head.match(/<meta name="description"/g)).toHaveLength(1);
      expect(head).toContain(`<link rel="canonical" href="${shellUrl}/product/${phone.id}">`);
      expect(head).toContain(`<link rel="alternate" hreflang="bn" href="${shellUrl}/bn/product/${phone.id}">`);
      expect(html).toContain(`<h1 id="product-name" class=`);
    }
    const bangla = await (await fetch(`${shellUrl}/bn/product/${phone.id}`, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } })).text();
    expect(bangla).toContain('৳১২,৫০০');
    expect(bangla).toContain(`<link rel="canonical" href="${shellUrl}/bn/product/${phone.id}">`);
    expect(tag(bangla, 'og:title')).toBe(`${phone.name} — ৳১২,৫০০`);
    expect(tag(bangla, 'og:locale')).toBe('bn_BD');
  });

  test('previews with the phone, its price and a picture made for sharing, and tells search engines it is a Product on offer in BDT', async ({ page }) => {
    const seller = await createAccount('Seller', 'Karim Mia');
    const phone = await listPhone(seller);
    const response = await fetch(`${shellUrl}/product/${phone.id}`, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } });
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(tag(head, 'og:title')).toBe(`${phone.name} — Tk 12,500`);
    expect(tag(head, 'og:description')).toBe(`${phone.name}, second-hand, Good condition, bought in 2023: Tk 12,500 in Mirpur, Dhaka. Sold by Karim Mia on PhoneHaat.`);
    expect(tag(head, 'og:url')).toBe(`${shellUrl}/product/${phone.id}`);
    expect(tag(head, 'og:type')).toBe('product');
    expect(tag(head, 'twitter:card')).toBe('summary_large_image');
    const image = tag(head, 'og:image')!;
    expect(tag(head, 'twitter:image')).toBe(image);
    // The picture is a JPEG, 1200 × 630, under 300 KB, kept for good.
    const picture = await fetch(image, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // Its structured data, as a validator of Google's rich results rules reads it: no error.
    const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
    const issues = await new Validator().validate(extracted);
    expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
    expect(extracted.jsonld.Product).toEqual([expect.objectContaining({ name: phone.name, offers: expect.objectContaining({ price: 12500, priceCurrency: 'BDT', availability: 'https://schema.org/InStock' }) })]);

    // The card a chat app draws from those tags (as WhatsApp lays it out), for the README: the picture loads and fits.
    const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
    await page.setViewportSize({ width: 520, height: 420 });
    await page.setContent(
      `<body style="margin:0;padding:16px;background:#e5ddd5;font-family:system-ui,sans-serif"><div style="max-width:480px;background:#dcf8c6;border-radius:8px;padding:4px;box-shadow:0 1px 1px #0002">` +
        `<div role="figure" aria-label="preview" style="background:#f0f0f0;border-radius:6px;overflow:hidden"><img alt="" src="${escape(image)}" style="display:block;width:100%;aspect-ratio:1200/630">` +
        `<div style="padding:8px 10px"><strong style="display:block">${escape(tag(head, 'og:title')!)}</strong><span style="font-size:13px;color:#555">${escape(tag(head, 'og:description')!)}</span>` +
        `<div style="font-size:12px;color:#888;margin-top:4px">${escape(new URL(shellUrl).host)}</div></div></div>` +
        `<p style="margin:6px 4px 2px;font-size:14px">${escape(`${shellUrl}/product/${phone.id}`)}</p></div></body>`,
    );
    await expect.poll(() => page.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await expect(page.getByRole('figure', { name: 'preview' })).toContainText(`${phone.name} — Tk 12,500`);
    await screenshot(page, 'share-preview');
  });

  test("answers a removed phone's link with 410 Gone and a page that says so, in its language", async ({ page }) => {
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller);
    expect((await apiAs(seller, 'DELETE', `/postedproduct/${phone.id}`)).status).toBe(200);
    const gone = await fetch(`${shellUrl}/product/${phone.id}`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This phone is no longer listed');
    const response = await page.goto(`/bn/product/${phone.id}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { name: 'ফোনটি আর বিজ্ঞাপিত নেই' })).toBeVisible();
  });

  test("a visitor's page is composed once for everyone, shared with caches, and shows a phone's change at once; a signed-in person's never is (issue 66)", async ({ page }) => {
    const seller = await createAccount('Seller');
    // Of a brand no other journey lists: its page (its similar phones too) changes only when this test changes it.
    const phone = await listPhone(seller, { brandName: 'Vivo' });
    const address = `${shellUrl}/product/${phone.id}`;
    // A first visit: its cookies set (the visitor's side, the language), so this answer is for that visitor only.
    const first = await fetch(address);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const cookies = first.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
    expect(await first.text()).toContain('Tk 12,500');
    // The same visitor again: the same page, which a CDN may keep for everyone and revalidate each time.
    const again = await fetch(address, { headers: { cookie: cookies } });
    const etag = again.headers.get('etag');
    expect(again.headers.get('cache-control')).toBe('public, no-cache');
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.get('vary')).toContain('Cookie');
    expect((await fetch(address, { headers: { cookie: cookies, 'if-none-match': etag! } })).status).toBe(304);
    // Another brand's new phone makes the server forget its pages and compose this one again: the same page, the same
    // validator (it changed at every composition when the page carried the times its answers were read).
    await listPhone(seller, { brandName: 'Nokia' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const recomposed = await fetch(address, { headers: { cookie: cookies } });
    expect(recomposed.headers.get('etag')).toBe(etag);
    expect((await fetch(address, { headers: { cookie: cookies, 'if-none-match': etag! } })).status).toBe(304);

    // The seller lowers the price: the next visitor sees it at once, under a new validator. "At once" is as soon as the
    // API's word of the change reaches the shell's server (milliseconds: its event stream), not before the PUT's own
    // answer reaches the seller — a request sent in that instant may still get the page from before, as it would have
    // a moment earlier. The page is kept for 10 s (PAGE_CACHE_TTL_MS) otherwise: within 2 s, it is the event.
    expect((await apiAs(seller, 'PUT', `/addedproducts/${phone.id}/price`, { resalePrice: 11_900 })).status).toBe(200);
    let changed!: Response;
    await expect
      .poll(async () => (changed = await fetch(address, { headers: { cookie: cookies, 'if-none-match': etag! } })).status, { timeout: 2000, intervals: [50] })
      .toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const html = await changed.text();
    expect(html).toContain('Tk 11,900');
    expect(html).toContain(`"_id":"${phone.id}","name":"${phone.name}"`);
    expect(html).not.toMatch(new RegExp(`"_id":"${phone.id}"[^}]*"resalePrice":12500`));

    // A signed-in person's page carries them: private, no validator to share.
    const name = `Nusrat ${Date.now().toString(36)}`;
    const buyer = await createAccount('Buyer', name);
    await signIn(page, buyer);
    const session = (await page.context().cookies(shellUrl)).map(({ name, value }) => `${name}=${value}`).join('; ');
    const theirs = await fetch(address, { headers: { cookie: session } });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('cache-control')).toBe('private, no-cache');
    expect(theirs.headers.get('etag')).toBeNull();
    expect(await theirs.text()).toContain(name);
    // …and the visitors' page still knows no one.
    expect(await (await fetch(address, { headers: { cookie: cookies } })).text()).not.toContain(name);
  });

  test("robots.txt keeps search engines off people's own pages and lets them read the phones", async () => {
    const robots = await fetch(`${shellUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    for (const path of ['/dashboard', '/inbox', '/notifications', '/bn/dashboard']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/(bn\/)?product/);
    expect(text).toContain(`Sitemap: ${shellUrl}/sitemap.xml\n`);
  });

  test("the sitemap at the site's address lists a new phone's page in both languages, with when it changed", async () => {
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller);
    const index = await fetch(`${shellUrl}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('application/xml');
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(files[0]).toBe(`${shellUrl}/sitemaps/phones-1.xml`);
    const pages = (await Promise.all(files.map(async (file) => (await fetch(file)).text()))).join('');
    const entry = new RegExp(`<url><loc>${shellUrl}/product/${phone.id}</loc><lastmod>(\\d{4}-\\d\\d-\\d\\dT[^<]+Z)</lastmod><xhtml:link rel="alternate" hreflang="en" href="${shellUrl}/product/${phone.id}"/><xhtml:link rel="alternate" hreflang="bn" href="${shellUrl}/bn/product/${phone.id}"/></url>`);
    expect(pages).toMatch(entry);
    expect(pages).toContain(`<loc>${shellUrl}/bn/product/${phone.id}</loc>`);
    expect(Date.now() - Date.parse(entry.exec(pages)![1]!)).toBeLessThan(10 * 60_000);
  });
});

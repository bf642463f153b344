import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createFirebaseIdentity } from '../src/modules/identity/auth/identity.js';
import { createStripeGateway } from '../src/modules/payments/gateway.js';
import { rows } from '../src/db/rows.js';
import { auth, createHarness, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Product = { _id: string; name: string; sellerName: string; sellerVerified: boolean; status: string; advertised: boolean; resalePrice: number };

describe('brands', () => {
  it('lists the brands under both names, sorted', async () => {
    for (const url of ['/categories', '/productbrandname']) {
      const response = await h.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(json<{ name: string }[]>(response).map(({ name }) => name)).toEqual(['Apple', 'Samsung', 'Xiaomi']);
    }
  });

  it("counts each brand's phones on sale, not a deleted one (issue 65)", async () => {
    const before = json<{ name: string; onSale: number }[]>(await h.app.inject({ method: 'GET', url: '/categories' })).find((brand) => brand.name === 'Samsung')!.onSale;
    const seller = await h.register('Seller');
    const brandId = h.brandIds.Samsung!;
    const [kept, deleted] = [await h.createProduct(seller, { brandId }), await h.createProduct(seller, { brandId })];
    expect((await h.app.inject({ method: 'DELETE', url: `/postedproduct/${deleted}`, headers: auth(seller.accessToken) })).statusCode).toBe(200);
    const after = json<{ name: string; onSale: number }[]>(await h.app.inject({ method: 'GET', url: '/categories' })).find((brand) => brand.name === 'Samsung')!.onSale;
    expect(kept).toBeTruthy();
    expect(after).toBe(before + 1);
  });
});

describe('POST /addedproducts', () => {
  it('creates a listing owned by the caller; the seller comes from the token, not the body', async () => {
    const seller = await h.register('Seller', 'Karim Hossain');
    // A body naming another seller is refused, naming the field (issue 66), and nothing is listed.
    await expect(h.createProduct(seller, { email: 'someone@else.test', sellerName: 'Impostor' } as never)).rejects.toThrow(/400: .*email is not a field this operation takes/);
    const id = await h.createProduct(seller);
    const mine = await h.app.inject({ method: 'GET', url: `/addedproducts?email=${seller.email}`, headers: auth(seller.accessToken) });
    const [product] = json<Product[]>(mine);
    expect(product).toMatchObject({ _id: id, sellerName: 'Karim Hossain', status: 'available', advertised: false, resalePrice: 68000 });
  });

  it.each([
    ['resalePrice', { resalePrice: 0 }],
    ['resalePrice', { resalePrice: 1200.5 }],
    ['originalPrice', { originalPrice: -5 }],
    ['resalePrice', { resalePrice: '9000' }],
    ['resalePrice', { resalePrice: 90000, originalPrice: 80000 }],
    ['usedYear', { usedYear: new Date().getFullYear() + 1 }],
    ['usedYear', { usedYear: 1850 }],
    ['name', { name: '   ' }],
    ['brandId', { brandId: 'not-a-brand' }],
    ['condition', { condition: 'Broken' }],
    ['img', { img: 'javascript:alert(1)' }],
    ['phone', { phone: 'call me' }],
  ])('refuses nonsense in %s with a message naming the field', async (field, overrides) => {
    const seller = await h.register('Seller');
    const attempt = h.createProduct(seller, overrides as never);
    await expect(attempt).rejects.toThrow(/400/);
    const response = await h.app.inject({
      method: 'POST',
      url: '/addedproducts',
      headers: auth(seller.accessToken),
      payload: {
        name: 'Galaxy S21',
        brandId: h.brandIds.Samsung,
        resalePrice: 30000,
        originalPrice: 80000,
        condition: 'Good',
        phone: '01711-000000',
        location: 'Sylhet',
        img: 'http://localhost:4100/images/products/galaxy-s21-fe.svg',
        usedYear: 2021,
        ...overrides,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(response).fields.map((f) => f.field)).toContain(field);
  });

  it("takes only PhoneHaat's own images: another website's address is refused with a clear message", async () => {
    const seller = await h.register('Seller');
    for (const img of ['https://com', 'https://example.com/a.jpg', 'https://tracker.test/images/products/galaxy-a54.svg', 'http://localhost:4100/../elsewhere.png']) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/addedproducts',
        headers: auth(seller.accessToken),
        payload: { name: 'Galaxy A54', brandId: h.brandIds.Samsung, resalePrice: 30000, originalPrice: 45000, condition: 'Good', phone: '01711-000000', location: 'Sylhet', img, usedYear: 2023 },
      });
      expect(response.statusCode, img).toBe(400);
      expect(json<{ fields: { field: string; message: string }[] }>(response).fields).toEqual([{ field: 'img', message: 'Add the photo by uploading it: images from other websites are not accepted' }]);
    }
    // Its own catalogue picture (and an upload's file) are taken.
    await expect(h.createProduct(seller, { img: 'http://localhost:4100/images/products/galaxy-a54.svg' })).resolves.toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the placeholder, not the outside image, for a listing made when any address was taken', async () => {
    const seller = await h.register('Seller');
    const id = await h.createProduct(seller);
    await h.database.db.execute(sql`UPDATE products SET img = 'https://tracker.test/phone.jpg' WHERE id = ${id}`);
    // The next instance to start replaces it (each does, as it starts).
    const next = await buildApp({ env: h.env, database: h.database, identity: createFirebaseIdentity(h.env), gateway: createStripeGateway(h.env) });
    await next.ready();
    await next.close();
    const buyer = await h.register('Buyer');
    const shown = json<{ img: string }>(await h.app.inject({ method: 'GET', url: `/product/${id}`, headers: auth(buyer.accessToken) }));
    expect(shown.img).toBe('http://localhost:4100/images/products/no-photo.svg');
    const [kept] = await rows<{ outside_img: string }>(h.database.db, sql`SELECT outside_img FROM products WHERE id = ${id}`);
    expect(kept?.outside_img).toBe('https://tracker.test/phone.jpg');
    // The placeholder itself is served.
    expect((await h.app.inject({ method: 'GET', url: '/images/products/no-photo.svg' })).statusCode).toBe(200);
  });

  it('refuses an unknown brand', async () => {
    const seller = await h.register('Seller');
    const response = await h.app.inject({
      method: 'POST',
      url: '/addedproducts',
      headers: auth(seller.accessToken),
      payload: { name: 'Phone', brandId: '00000000-0000-4000-8000-000000000000', resalePrice: 1, originalPrice: 2, condition: 'Good', phone: '01711000000', location: 'Dhaka', img: 'http://localhost:4100/images/products/galaxy-s21-fe.svg', usedYear: 2020 },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ fields: [{ field: 'brandId' }] });
  });
});

describe('brand pages', () => {
  it("pages a brand's phones on sale, newest first, with the total and the seller's badge", async () => {
    const seller = await h.register('Seller', 'Page Seller');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await h.createProduct(seller, { name: `Redmi Note ${i}`, brandId: h.brandIds.Xiaomi }));
    const buyer = await h.register('Buyer');
    const page = (query: string) => h.app.inject({ method: 'GET', url: `/products/${h.brandIds.Xiaomi}${query}`, headers: auth(buyer.accessToken) });

    const first = json<{ products: Product[]; total: number; page: number; limit: number; brand: { name: string } }>(await page('?limit=2'));
    expect(first.brand.name).toBe('Xiaomi');
    expect(first.total).toBe(5);
    expect(first.products.map((p) => p._id)).toEqual([ids[4], ids[3]]);
    expect(first.products[0]).toMatchObject({ sellerName: 'Page Seller', sellerVerified: false });
    const third = json<{ products: Product[] }>(await page('?limit=2&page=3'));
    expect(third.products.map((p) => p._id)).toEqual([ids[0]]);
    expect(json<{ limit: number }>(await page('')).limit).toBe(12);
    expect((await page('?limit=51')).statusCode).toBe(400);
    expect((await page('?page=0')).statusCode).toBe(400);
  });

  it('needs a signed-in user; an unknown brand is 404 and a malformed id 400', async () => {
    const buyer = await h.register('Buyer');
    expect((await h.app.inject({ method: 'GET', url: `/products/${h.brandIds.Apple}` })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/products/00000000-0000-4000-8000-000000000000', headers: auth(buyer.accessToken) })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/products/42', headers: auth(buyer.accessToken) })).statusCode).toBe(400);
  });
});

describe('advertising', () => {
  it('shows an advertised phone on the home page once, and not after it is deleted', async () => {
    const seller = await h.register('Seller');
    const id = await h.createProduct(seller, { name: 'Pixel-ish advertised' });
    const advertise = () => h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(seller.accessToken), payload: { id } });
    expect(json(await advertise())).toEqual({ acknowledged: true });
    expect((await advertise()).statusCode).toBe(200);
    const listed = json<Product[]>(await h.app.inject({ method: 'GET', url: '/advertised?limit=50' }));
    expect(listed.filter((p) => p._id === id)).toHaveLength(1);
    expect(listed.find((p) => p._id === id)?.advertised).toBe(true);

    const removed = await h.app.inject({ method: 'DELETE', url: `/postedproduct/${id}`, headers: auth(seller.accessToken) });
    expect(json(removed)).toEqual({ deletedCount: 1 });
    const after = json<Product[]>(await h.app.inject({ method: 'GET', url: '/advertised?limit=50' }));
    expect(after.some((p) => p._id === id)).toBe(false);
    expect((await h.app.inject({ method: 'DELETE', url: `/postedproduct/${id}`, headers: auth(seller.accessToken) })).statusCode).toBe(404);
  });

  it("refuses to advertise another seller's phone", async () => {
    const owner = await h.register('Seller');
    const other = await h.register('Seller');
    const id = await h.createProduct(owner);
    const response = await h.app.inject({ method: 'POST', url: '/advertisedproducts', headers: auth(other.accessToken), payload: { id } });
    expect(response.statusCode).toBe(403);
  });

  it('advertises at most `limit` phones, newest first', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/advertised?limit=1' });
    expect(json<Product[]>(response).length).toBeLessThanOrEqual(1);
    expect((await h.app.inject({ method: 'GET', url: '/advertised?limit=0' })).statusCode).toBe(400);
  });
});

// A phone's page is public (issue 48): a visitor following a shared link reads the phone, its similar phones and its
// price guide; a signed-in caller is served as themselves; a deleted or removed phone is gone (410), an unknown one not found.
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@phonehaat/shared-api';
import { fileURLToPath } from 'node:url';
import { rows } from '../src/db/rows.js';
import { createDatabaseStore } from '../src/modules/catalog/photos/store.js';
import { createShareCards } from '../src/modules/catalog/share-card/service.js';
import { auth, createHarness, json, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const read = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe("a phone's page", () => {
  it('is read by a visitor with no sign-in, and by its seller as their own', async () => {
    const seller = await h.register('Seller', 'Karim Mia');
    const id = await h.createProduct(seller, { name: 'Redmi Note 12', resalePrice: 15_000, originalPrice: 22_000 });
    const seen = await read(`/product/${id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(json<ProductDetail>(seen)).toMatchObject({ _id: id, name: 'Redmi Note 12', resalePrice: 15_000, sellerName: 'Karim Mia', ownListing: false });
    expect((await read(`/product/${id}/similar`)).statusCode).toBe(200);
    expect((await read(`/product/${id}/price-guide`)).statusCode).toBe(200);
    expect(json<ProductDetail>(await read(`/product/${id}`, auth(seller.accessToken))).ownListing).toBe(true);
    // A token that is sent must be good: the app then renews it.
    expect((await read(`/product/${id}`, auth('not-a-token'))).statusCode).toBe(401);
  });

  it('says a deleted or removed phone is gone (410), in the reader\'s language, and an unknown one is not found', async () => {
    const seller = await h.register('Seller');
    const id = await h.createProduct(seller);
    expect((await h.app.inject({ method: 'DELETE', url: `/postedproduct/${id}`, headers: auth(seller.accessToken) })).statusCode).toBe(200);
    const gone = await read(`/product/${id}`);
    expect(gone.statusCode).toBe(410);
    expect(json(gone).message).toBe('This phone is no longer listed on PhoneHaat');
    expect(json(await read(`/product/${id}`, { 'accept-language': 'bn' })).message).toBe('ফোনটি আর ফোনহাটে বিজ্ঞাপিত নেই');
    expect((await read(`/product/${id}/similar`)).statusCode).toBe(410);
    expect((await read(`/product/${id}/price-guide`)).statusCode).toBe(410);
    expect((await read('/product/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read('/product/not-an-id')).statusCode).toBe(400);
  });
});

describe("a phone's share image", () => {
  const imageOf = async (id: string, language: 'en' | 'bn' = 'en') => {
    const shown = json<ProductDetail>(await read(`/product/${id}`));
    const address = new URL(shown.shareImage[language]);
    return { address, response: await read(address.pathname + address.search) };
  };
  const kept = (id: string) => rows<{ language: string; key: string }>(h.database.db, sql`SELECT language, key FROM share_images WHERE product_id = ${id} ORDER BY language`);

  it('is a 1200 × 630 JPEG under 300 KB, kept for a year at an address that changes with the phone', async () => {
    const seller = await h.register('Seller');
    const id = await h.createProduct(seller, { name: 'Galaxy A54 5G', resalePrice: 34_000, originalPrice: 49_999 });
    const { address, response } = await imageOf(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(300 * 1024);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // Drawn once: asked again, the same bytes come from the store.
    expect((await read(address.pathname + address.search)).rawPayload.equals(response.rawPayload)).toBe(true);
    const bangla = await imageOf(id, 'bn');
    expect(bangla.response.statusCode).toBe(200);
    expect(bangla.response.rawPayload.equals(response.rawPayload)).toBe(false);
    expect((await kept(id)).map((row) => row.language)).toEqual(['bn', 'en']);

    // A new price is a new picture at a new address; the old one's file is deleted, and its address sends on to the new.
    const [before] = await kept(id).then((list) => list.filter((row) => row.language === 'en'));
    const changed = await h.app.inject({ method: 'PUT', url: `/addedproducts/${id}/price`, headers: auth(seller.accessToken), payload: { resalePrice: 32_000 } });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await imageOf(id);
    expect(after.address.href).not.toBe(address.href);
    expect(after.response.statusCode).toBe(200);
    expect(after.response.rawPayload.equals(response.rawPayload)).toBe(false);
    expect(await rows(h.database.db, sql`SELECT 1 FROM photo_blobs WHERE key = ${before!.key}`)).toEqual([]);
    expect(await rows(h.database.db, sql`SELECT 1 FROM photo_blobs WHERE key LIKE ${`share-${id}-en-%`}`)).toHaveLength(1);
    const stale = await read(address.pathname + address.search);
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(after.address.href);
    expect(stale.headers['cache-control']).toBe('no-cache');
  });

  it('says "Sold" once sold (a new picture), and is gone with its page', async () => {
    const seller = await h.register('Seller');
    const id = await h.createProduct(seller, { resalePrice: 12_500 });
    const onSale = await imageOf(id);
    await h.sell(id);
    const sold = await imageOf(id);
    expect(sold.address.href).not.toBe(onSale.address.href);
    expect(sold.response.statusCode).toBe(200);
    expect(sold.response.rawPayload.equals(onSale.response.rawPayload)).toBe(false);

    const other = await h.createProduct(seller);
    const { address } = await imageOf(other);
    expect((await h.app.inject({ method: 'DELETE', url: `/postedproduct/${other}`, headers: auth(seller.accessToken) })).statusCode).toBe(200);
    expect((await read(address.pathname + address.search)).statusCode).toBe(410);
    // The hourly cleanup drops its file; a phone still listed keeps its own.
    expect(await rows(h.database.db, sql`SELECT 1 FROM photo_blobs WHERE key LIKE ${`share-${other}-%`}`)).toHaveLength(1);
    const cards = createShareCards({ db: h.database.db, store: createDatabaseStore(h.database.db), publicUrl: h.env.PUBLIC_URL, imagesDir: fileURLToPath(new URL('../assets/images/', import.meta.url)) });
    expect(await cards.cleanup()).toBeGreaterThanOrEqual(1);
    expect(await rows(h.database.db, sql`SELECT 1 FROM photo_blobs WHERE key LIKE ${`share-${other}-%`}`)).toEqual([]);
    expect(await kept(other)).toEqual([]);
    expect(await kept(id)).toHaveLength(1);
    expect((await imageOf(id)).response.statusCode).toBe(200);
  });

  it('refuses what is not a phone or a language, clearly', async () => {
    const seller = await h.register('Seller');
    const id = await h.createProduct(seller);
    const badLanguage = await read(`/product/${id}/share-image.jpg?lang=fr`);
    expect(badLanguage.statusCode).toBe(400);
    expect(json(badLanguage).message).toContain('lang must be en or bn');
    expect((await read('/product/00000000-0000-4000-8000-000000000000/share-image.jpg')).statusCode).toBe(404);
    expect((await read('/product/not-an-id/share-image.jpg')).statusCode).toBe(400);
    // No version: sent on to the current one.
    const bare = await read(`/product/${id}/share-image.jpg`);
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe(json<ProductDetail>(await read(`/product/${id}`)).shareImage.en);
  });
});

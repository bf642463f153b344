// A phone's page is public (issue 48): a visitor following a shared link reads the phone, its similar phones and its
// price guide; a signed-in caller is served as themselves; a deleted or removed phone is gone (410), an unknown one not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@phonehaat/shared-api';
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

// What an outside OpenAPI fuzzer found at the wall (issue 66), each at its cause: text with U+0000 anywhere, an integer
// past 64 bits in an id, a method the API does not know, a body or query parameter the document does not list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';

let h: Harness;
let buyer: TestUser;
beforeAll(async () => {
  h = await createHarness();
  buyer = await h.register('Buyer');
});
afterAll(() => h.close());

const get = (url: string, user: TestUser | undefined = buyer, language = 'en') =>
  h.app.inject({ method: 'GET', url, headers: { ...(user ? auth(user.accessToken) : {}), 'accept-language': language } });

describe('the wall', () => {
  it('refuses U+0000 in a query parameter with a 400 naming it, in Bangla too', async () => {
    const url = `/price-guide?brandId=${h.brandIds.Apple}&name=iPhone%0013&condition=Good&usedYear=2022`;
    const answer = await get(url);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(json(answer)).toMatchObject({ message: 'Text cannot contain the character U+0000', fields: [{ field: 'name' }] });
    expect(json(await get(url, buyer, 'bn'))).toMatchObject({ statusCode: 400, message: 'লেখায় U+0000 অক্ষরটি থাকতে পারে না' });
  });

  it('refuses an id past 64 bits (or past 2^53) in a query parameter with a 400, not a 500', async () => {
    for (const before of ['9774117743298004193', '18446744073709551616', '9007199254740993']) {
      const answer = await get(`/notifications?before=${before}`);
      expect(answer.statusCode, `${before}: ${answer.body}`).toBeLessThan(500);
    }
  });

  it('answers an unknown method with 405 and the methods the path answers', async () => {
    const answer = await h.app.inject({ method: 'QUERY' as 'GET', url: '/categories' });
    expect(answer.statusCode, answer.body).toBe(405);
    expect(answer.headers.allow).toContain('GET');
  });

  it('refuses a body field or a query parameter the operation does not take, naming it, in Bangla too; the document says so', async () => {
    const seller = await h.register('Seller');
    const productId = await h.createProduct(seller);
    const booking = (body: object, language = 'en') =>
      h.app.inject({ method: 'POST', url: '/bookeditems', headers: { ...auth(buyer.accessToken), 'accept-language': language }, payload: body });
    const misspelt = await booking({ id: productId, phone: '01711-234567', meetingLocation: 'Mirpur 10', meetinglocation: 'typo' });
    expect(misspelt.statusCode).toBe(400);
    expect(json(misspelt)).toMatchObject({ message: 'meetinglocation is not a field this operation takes', fields: [{ field: 'meetinglocation' }] });
    const nested = await booking({ id: productId, phone: '01711-234567', courier: { payment: 'cash', address: { name: 'A', phone: '01711234567', division: 'dhaka', district: 'dhaka', area: 'X', street: 'Y', flat: '3B' } } }, 'bn');
    expect(json(nested)).toMatchObject({ statusCode: 400, message: 'courier.address.flat এই অনুরোধের কোনো ঘর নয়' });
    // Nothing was booked.
    expect(json<unknown[]>(await get('/bookeditems'))).toEqual([]);
    const typo = await get('/search?q=iphone&maxprice=30000');
    expect(typo.statusCode).toBe(400);
    expect(json(typo)).toMatchObject({ message: 'maxprice is not a parameter of this operation' });
    expect((await get('/categories?v=2')).statusCode).toBe(400);
    // The document: every request body's objects are closed, and the policy is stated once for every operation.
    const document = json<{ info: { description: string }; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { additionalProperties?: boolean; properties?: Record<string, { additionalProperties?: boolean }> } }> } }>> }>(
      await h.app.inject({ method: 'GET', url: '/docs/json' }),
    );
    expect(document.info.description).toContain('A query parameter an operation does not list, or a body field it does not describe, is refused');
    const body = document.paths['/bookeditems']!.post!.requestBody!.content['application/json']!.schema;
    expect(body.additionalProperties).toBe(false);
  });
});

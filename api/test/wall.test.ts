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
});

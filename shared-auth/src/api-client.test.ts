import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError, http, setTokenRefresher } from './api-client';
import { mockApi } from './testing';
import { accessToken } from './token';

afterEach(() => setTokenRefresher(undefined));

describe('the API client', () => {
  it('sends the stored access token as a bearer token', async () => {
    accessToken.set('abc');
    const calls = mockApi({ 'GET /categories': [] });
    await http.get('/categories');
    expect(calls[0]?.authorization).toBe('Bearer abc');
  });

  it("turns an error body into an ApiRequestError carrying the server's message and fields", async () => {
    mockApi({ 'POST /addedproducts': [400, { statusCode: 400, message: 'body.resalePrice: must be more than 0', fields: [{ field: 'resalePrice', message: 'must be more than 0' }] }] });
    const error = await http.post('/addedproducts', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
    expect((error as ApiRequestError).fieldError('resalePrice')).toBe('must be more than 0');
  });

  it('refreshes the token once on a 401 and repeats the call', async () => {
    accessToken.set('expired');
    let refreshes = 0;
    setTokenRefresher(async () => {
      refreshes++;
      accessToken.set('fresh');
      return 'fresh';
    });
    const calls = mockApi({
      'GET /bookeditems': ({ headers }) => (headers.Authorization === 'Bearer fresh' ? [{ _id: 'b1' }] : [401, { message: 'expired' }]),
    });
    await expect(http.get('/bookeditems')).resolves.toEqual([{ _id: 'b1' }]);
    expect(refreshes).toBe(1);
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('gives up after one refresh, and when the refresh fails', async () => {
    accessToken.set('expired');
    setTokenRefresher(async () => null);
    const calls = mockApi({ 'GET /bookeditems': [401, { message: 'Your session has expired' }] });
    await expect(http.get('/bookeditems')).rejects.toMatchObject({ status: 401, message: 'Your session has expired' });
    expect(calls).toHaveLength(1);
  });

  it('reads public data without a token, and says so plainly when the server cannot be reached', async () => {
    const calls = mockApi({ 'GET /categories': [{ _id: 'b1', name: 'Apple' }] });
    await expect(http.get('/categories')).resolves.toEqual([{ _id: 'b1', name: 'Apple' }]);
    expect(calls[0]?.authorization).toBeUndefined();
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(http.get('/categories')).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/could not reach/) });
  });

  it('lets a caller cancel a call: it rejects as aborted, not as a connection failure', async () => {
    mockApi({ 'GET /search/suggest': { suggestions: [] } });
    const controller = new AbortController();
    const call = http.get('/search/suggest?q=ip', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects as aborted when cancelled while the answer is being read, never resolving with nothing', async () => {
    const controller = new AbortController();
    // The headers have come; the body is cut off by the cancel (as a newer search replaces a suggestion's request).
    globalThis.fetch = async () =>
      ({
        ok: true,
        status: 200,
        json: () => {
          controller.abort();
          return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
        },
      }) as unknown as Response;
    await expect(http.get('/search/suggest?q=pixel', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('says the server could not be reached when an answer is cut off, rather than resolving with nothing', async () => {
    globalThis.fetch = async () => ({ ok: true, status: 200, json: () => Promise.reject(new SyntaxError('Unexpected end of JSON input')) }) as unknown as Response;
    await expect(http.get('/categories')).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/could not reach/) });
  });

  it('sends the page\'s language, so the server answers in it', async () => {
    let language: unknown;
    mockApi({
      'GET /categories': ({ headers }) => {
        language = headers['Accept-Language'];
        return [];
      },
    });
    await http.get('/categories');
    expect(language).toBe('en');
  });

  it('never refreshes a call that brings its own token (the Firebase sign-in exchange)', async () => {
    accessToken.set('old');
    let refreshes = 0;
    setTokenRefresher(async () => {
      refreshes++;
      return 'fresh';
    });
    mockApi({ 'GET /jwt': [401, { message: 'The sign-in token is invalid or expired; sign in again' }] });
    await expect(http.get('/jwt?email=a%40b.c', { headers: { Authorization: 'Bearer firebase-id-token' } })).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(0);
  });
});

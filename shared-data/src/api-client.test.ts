import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalogs } from '@phonehaat/shared-ui/i18n';
import { api, apiUrl, ApiRequestError } from './api-client';
import { setCredentials } from './credentials';
import { mockApi, unmockApi } from './testing';

// What the session (shared-auth) gives the client: the token it holds, and how to refresh it.
let token: string | null = null;
const accessToken = { set: (value: string) => void (token = value) };
const setTokenRefresher = (refresh: (() => Promise<string | null>) | undefined) => setCredentials({ refresh: refresh ?? (async () => null) });
setCredentials({ token: () => token });
afterEach(() => {
  token = null;
  setTokenRefresher(undefined);
});

describe('the API client', () => {
  it('sends the stored access token as a bearer token', async () => {
    accessToken.set('abc');
    const calls = mockApi({ 'GET /categories': [] });
    await api.listBrands();
    expect(calls[0]?.authorization).toBe('Bearer abc');
  });

  it("turns an error body into an ApiRequestError carrying the server's message and fields", async () => {
    mockApi({ 'POST /addedproducts': [400, { statusCode: 400, message: 'body.resalePrice: must be more than 0', fields: [{ field: 'resalePrice', message: 'must be more than 0' }] }] });
    const error = await api.createProduct({ body: {} as never }).catch((e: unknown) => e);
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
    await expect(api.listMyBookings({ query: { email: 'a@b.c' } })).resolves.toEqual([{ _id: 'b1' }]);
    expect(refreshes).toBe(1);
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('gives up after one refresh, and when the refresh fails', async () => {
    accessToken.set('expired');
    setTokenRefresher(async () => null);
    const calls = mockApi({ 'GET /bookeditems': [401, { message: 'Your session has expired' }] });
    await expect(api.listMyBookings({ query: { email: 'a@b.c' } })).rejects.toMatchObject({ status: 401, message: 'Your session has expired' });
    expect(calls).toHaveLength(1);
  });

  it('reads public data without a token, and says so plainly when the server cannot be reached', async () => {
    const calls = mockApi({ 'GET /categories': [{ _id: 'b1', name: 'Apple' }] });
    await expect(api.listBrands()).resolves.toEqual([{ _id: 'b1', name: 'Apple' }]);
    expect(calls[0]?.authorization).toBeUndefined();
    unmockApi();
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(api.listBrands()).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/could not reach/) });
  });

  it('lets a caller cancel a call: it rejects as aborted, not as a connection failure', async () => {
    mockApi({ 'GET /search/suggest': { suggestions: [] } });
    const controller = new AbortController();
    const call = api.suggestSearches({ query: { q: 'ip' } }, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'CanceledError' });
  });

  it('rejects as aborted when cancelled while the answer is being read, never resolving with nothing', async () => {
    unmockApi();
    const controller = new AbortController();
    // The headers have come; the body is cut off by the cancel (as a newer search replaces a suggestion's request).
    globalThis.fetch = async () => {
      const body = new ReadableStream({
        pull(stream) {
          controller.abort();
          stream.error(new DOMException('The operation was aborted.', 'AbortError'));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    await expect(api.suggestSearches({ query: { q: 'pixel' } }, { signal: controller.signal })).rejects.toMatchObject({ name: 'CanceledError' });
  });

  it('says the server could not be reached when an answer is cut off, rather than resolving with nothing', async () => {
    unmockApi();
    globalThis.fetch = async () => new Response('[{"_id":"b1","na', { status: 200, headers: { 'Content-Type': 'application/json' } });
    await expect(api.listBrands()).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/could not reach/) });
  });

  it('says what went wrong in Bangla on a Bangla page, when the server gave no message of its own', async () => {
    await loadCatalogs('bn');
    activateLanguage('bn');
    try {
      mockApi({ 'GET /categories': [502, null] });
      await expect(api.listBrands()).rejects.toMatchObject({ status: 502, message: 'সার্ভারের উত্তর: ৫০২' });
      unmockApi();
      globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
      await expect(api.listBrands()).rejects.toMatchObject({ status: 0, message: 'ফোনহাটে পৌঁছানো গেল না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।' });
    } finally {
      activateLanguage('en');
    }
  });

  it('sends the page\'s language, so the server answers in it', async () => {
    let language: unknown;
    mockApi({
      'GET /categories': ({ headers }) => {
        language = headers['Accept-Language'];
        return [];
      },
    });
    await api.listBrands();
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
    await expect(api.exchangeToken({ query: { email: 'a@b.c' } }, { headers: { Authorization: 'Bearer firebase-id-token' } })).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(0);
  });

  it('fills an operation\'s path and query from what it is given: parameters encoded, lists repeated, empty values left out', async () => {
    const calls = mockApi({ 'GET /sellers/a%2Fb/reviews': { reviews: [] }, 'GET /search': { results: [] } });
    await api.listSellerReviews({ params: { id: 'a/b' }, query: { page: 2 } });
    await api.searchProducts({ query: { q: 'galaxy s21', brand: ['b1', 'b2'], condition: undefined } });
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /sellers/a%2Fb/reviews?page=2', 'GET /search?q=galaxy+s21&brand=b1&brand=b2']);
    expect(await apiUrl('openStream', { query: { ticket: 't 1' } })).toMatch(/\/stream\?ticket=t\+1$/);
  });

  it('sends a body as JSON with its method, and an upload as a form that reports its progress', async () => {
    const contentTypes: unknown[] = [];
    const calls = mockApi({
      'PUT /addedproducts/p1/price': ({ headers }) => (contentTypes.push(headers['Content-Type']), { _id: 'p1', resalePrice: 9000 }),
      'PUT /seller/verify/s1': ({ headers }) => (contentTypes.push(headers['Content-Type']), { modifiedCount: 1 }),
      'POST /uploads': [201, { key: 'k' }],
    });
    await expect(api.changeProductPrice({ params: { id: 'p1' }, body: { resalePrice: 9000 } })).resolves.toEqual({ _id: 'p1', resalePrice: 9000 });
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { resalePrice: 9000 } });
    expect(contentTypes[0]).toBe('application/json');
    // A call without a body says nothing of one: the API refuses a form's type on an empty PUT.
    await api.verifySeller({ params: { id: 's1' } });
    expect(contentTypes[1]).toBeUndefined();
    const progress: number[] = [];
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'x.jpg');
    await api.uploadPhoto({ body: form }, { onProgress: (sent) => progress.push(sent) });
    expect(calls[2]).toMatchObject({ method: 'POST', url: '/uploads' });
    expect(calls[2]?.body).toBeInstanceOf(FormData);
    expect(progress).toEqual([0.5, 1]);
  });
});

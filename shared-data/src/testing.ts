// Test helpers for packages that call the API: a fake API behind the real axios client. Never imported by shipped code.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { authenticatedClient } from './api-client';
import { config } from './config';
import { loadQueryLibrary, queryEngineIfLoaded } from './query/library';

export interface MockRequest {
  body: unknown;
  url: string;
  headers: Record<string, unknown>;
}
/** A body (status 200) or `[status, body]`. */
export type Reply = Record<string, unknown> | unknown[] | string | number | boolean | null;
export type Handler = Reply | ((request: MockRequest) => Reply | Promise<Reply>);

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
}

let mockAdapter: AxiosAdapter | undefined;
const mocked = new WeakSet<object>();
/** Once per client: every call (uploads too, which ask for XMLHttpRequest) goes to the table of the latest mockApi. */
function installMock(client: Awaited<ReturnType<typeof authenticatedClient>>) {
  if (mocked.has(client)) return;
  mocked.add(client);
  client.interceptors.request.use((config) => (mockAdapter ? { ...config, adapter: mockAdapter } : config));
}

/** The real transport again (fetch, as the browser would), for a test that fakes `fetch` itself. */
export function unmockApi() {
  mockAdapter = undefined;
}

/**
 * Answers API calls from a table: `'GET /categories': [...]`, `'POST /bookeditems': [409, { message }]`.
 * Keys match the path without the query string, or with it when the key has one. The axios client's
 * adapter is replaced (and `fetch`, for anything calling it directly). Unknown calls fail the
 * test loudly with a 599 so nothing silently passes.
 */
export function mockApi(routes: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  // A new table, a new page: nothing read under the last one is still in the cache.
  queryEngineIfLoaded()?.browserQueryClient().clear();
  async function respond(method: string, url: string, body: unknown, headers: Record<string, unknown>): Promise<[number, unknown]> {
    calls.push({ method, url, body, authorization: headers.Authorization as string | undefined });
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    const reply: Reply =
      handler === undefined ? [599, { message: `No mock for ${method} ${url}` }] : typeof handler === 'function' ? await handler({ body, url, headers }) : handler;
    return Array.isArray(reply) && reply.length === 2 && typeof reply[0] === 'number' ? (reply as [number, unknown]) : [200, reply];
  }

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = typeof config.data === 'string' && config.data ? JSON.parse(config.data) : config.data;
    // An upload reports its progress, as XMLHttpRequest would: half-way, then all of it.
    if (config.onUploadProgress) for (const loaded of [1, 2]) config.onUploadProgress({ loaded, total: 2, bytes: 1, lengthComputable: true });
    const [status, data] = await respond((config.method ?? 'get').toUpperCase(), config.url ?? '', body, AxiosHeaders.from(config.headers).toJSON());
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, {}, response);
    return response;
  };
  mockAdapter = adapter;
  void authenticatedClient().then(installMock);

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    // axios's fetch adapter sends a Request; a direct call, an address and its options.
    const request = input instanceof Request ? input : new Request(String(input), init);
    request.signal.throwIfAborted();
    const url = request.url.replace(config.apiUrl, '');
    const text = await request.text();
    const headers = Object.fromEntries([...request.headers].map(([name, value]) => [name.replace(/(^|-)\w/g, (c) => c.toUpperCase()), value]));
    const [status, data] = await respond(request.method, url, text ? JSON.parse(text) : undefined, headers);
    request.signal.throwIfAborted();
    return new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return calls;
}

// The client (axios, loaded with the first call in an app) is ready before any test starts: a first call in a test
// does not wait for its import, as none waits in a browser that has made one.
installMock(await authenticatedClient());
// And the query library, as a page that has read through the cache has it: a test's first render does not wait for it.
await loadQueryLibrary();

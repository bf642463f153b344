// @vitest-environment node
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { watchCatalogChanges } from './catalog-changes';

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** An API's /catalog/changes as the shell meets it: streams the test holds, to send on and to end. */
async function api() {
  const streams: ServerResponse[] = [];
  const server = createServer((request, response) => {
    if (request.url !== '/catalog/changes') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: ready\ndata: {}\n\n');
    streams.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, streams };
}

describe("the API's catalog changes, heard by the shell's server", () => {
  it('is live once ready, passes each change on, and is lost when the stream ends, then listens again', async () => {
    const { url, streams } = await api();
    const live: boolean[] = [];
    let changes = 0;
    closers.push(watchCatalogChanges({ apiUrl: url, onLive: (value) => live.push(value), onChange: () => changes++, retryMs: 20, warn: () => undefined }));
    await until(() => live.length === 1);
    expect(live).toEqual([true]);
    streams[0]!.write('event: change\ndata: {}\n\n: keep-alive\n\nevent: change\n');
    streams[0]!.write('data: {}\n\n');
    await until(() => changes === 2);
    streams[0]!.end();
    await until(() => live.length === 3);
    expect(live).toEqual([true, false, true]);
    expect(streams).toHaveLength(2);
  });

  it('takes a silent stream as lost, and an API that is not there as not live, saying so once', async () => {
    const { url, streams } = await api();
    const live: boolean[] = [];
    closers.push(watchCatalogChanges({ apiUrl: url, onLive: (value) => live.push(value), onChange: () => undefined, idleMs: 200, retryMs: 20, warn: () => undefined }));
    await until(() => live.length >= 2);
    expect(live.slice(0, 2)).toEqual([true, false]);
    expect(streams.length).toBeGreaterThanOrEqual(1);
    const warnings: string[] = [];
    const none: boolean[] = [];
    closers.push(watchCatalogChanges({ apiUrl: 'http://127.0.0.1:1', onLive: (value) => none.push(value), onChange: () => undefined, retryMs: 20, warn: (message) => warnings.push(message) }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(none).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/not hearing the API’s catalog changes/);
  });
});

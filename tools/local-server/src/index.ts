// What every local stand-in (tools/fake-stripe, fake-bkash, fake-pathao) does the same way: listen on a port, read a
// request's body up to a limit, answer a failed handler with the service's own 500, and close with its connections.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The body as text, or undefined when it is larger than `maxBytes` (read to its end either way, so the answer can be sent). */
export async function readBody(request: IncomingMessage, maxBytes = 64 * 1024): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size <= maxBytes ? Buffer.concat(chunks).toString('utf8') : undefined;
}

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  host?: string | undefined;
  port?: number | undefined;
  /** The service's name in its log lines ("fake Stripe"). */
  name: string;
  log: (message: string) => void;
  /** Answers a request whose handler threw, in the service's own error shape. */
  failed: (response: ServerResponse) => void;
}

export async function listen(handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>, options: ListenOptions): Promise<Listening> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`${options.name}: ${request.method} ${request.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (response.headersSent) response.destroy();
      else options.failed(response);
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A JSON answer. */
export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A page of a stand-in's own (its hosted payment page), never cached. */
export function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
}
export { runCli, type Cli, type Started } from './cli.ts';
export { readState, restore, writeState, type Snapshot } from './state-file.ts';

/** Text made safe inside HTML, attributes included: the stand-ins' pages. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

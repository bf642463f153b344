import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt', '.webmanifest']);

/** The Content-Type a file is served with, and whether it is worth compressing, by its extension. */
export const fileType = (path: string) => ({ type: TYPES[extname(path)] ?? 'application/octet-stream', compressible: COMPRESSIBLE.has(extname(path)) });

export interface ServeOptions {
  /** The built folder (dist/). */
  root: string;
  port: number;
  host?: string;
  /** Unknown paths answer index.html (the shell's client-side routes). */
  spa?: boolean;
  /** Lets other origins load these files (a remote's chunks are imported by the shell's page). */
  cors?: boolean;
  /**
   * With spa: the HTML for a client-side route, composed on the server (the shell's server, issue 13);
   * undefined sends index.html as it is. It may set headers (a cookie) on the response.
   */
  page?: (url: URL, request: IncomingMessage, response: ServerResponse) => Promise<ComposedAnswer | undefined>;
  /** Answers a request itself (the shell's live /remotes.json) and says so, before any file is looked for. */
  handle?: (url: URL, request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
}

/** A page the shell's server composed, as `page` gives it. */
export interface ComposedAnswer {
  html: string;
  status: number;
  /** Already gzipped (a visitor's page kept: page-cache.ts). */
  gzip?: Buffer;
  /** Its validator, for a page kept for visitors. */
  etag?: string;
  /** The same for every visitor who asks: a shared cache (a CDN) may keep it, revalidating each time. */
  shared?: boolean;
}

/**
 * A composed page: revalidated at every use (its data is live, its releases may change any moment), private unless it
 * is the same for every visitor and sets no cookie; compressed like the files.
 */
function sendComposed(request: IncomingMessage, response: ServerResponse, { html, status, gzip, etag, shared }: ComposedAnswer): void {
  response.setHeader('Content-Type', TYPES['.html']!);
  response.setHeader('Cache-Control', shared && etag && !response.hasHeader('set-cookie') ? 'public, no-cache' : 'private, no-cache');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.appendHeader('Vary', 'Accept-Encoding');
  if (etag) {
    response.setHeader('ETag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
  }
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    const body = gzip ?? gzipSync(html);
    response.writeHead(status, { 'Content-Encoding': 'gzip', 'Content-Length': body.length }).end(body);
  } else {
    response.writeHead(status, { 'Content-Length': Buffer.byteLength(html) }).end(html);
  }
}

/**
 * A static server that behaves like a CDN deployment: hashed assets are cached for a year, while
 * index.html, remoteEntry.js and the manifests must be revalidated, so a redeploy shows up at the next load.
 */
export async function serve({ root, port, host = '127.0.0.1', spa = false, cors = false, page, handle }: ServeOptions): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const base = resolve(root);
  const server = createServer((request, response) => {
    // A request's failure is its own: answered (400 for an address that cannot be decoded, 500 otherwise) and logged,
    // never an unhandled rejection, which would take the whole server, and every visitor, down with it.
    answer(request, response).catch((error: unknown) => {
      const malformed = error instanceof URIError;
      if (!malformed) console.error(`serve: ${request.method} ${request.url} failed:`, error);
      if (response.headersSent) return void response.destroy();
      response.writeHead(malformed ? 400 : 500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(malformed ? 'Bad request' : 'Something went wrong');
    });
  });
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (cors) {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': '*' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    if (handle && (await handle(url, request, response))) return;
    let path = normalize(join(base, decodeURIComponent(url.pathname)));
    if (path !== base && !path.startsWith(base + sep)) {
      response.writeHead(403).end();
      return;
    }
    let info = await stat(path).catch(() => undefined);
    // A client-side route (the home page included): the shell's server may compose it.
    if (spa && page && request.method === 'GET' && (url.pathname === '/' || (!info && !extname(url.pathname)))) {
      const composed = await page(url, request, response);
      if (composed !== undefined) return sendComposed(request, response, composed);
    }
    if (info?.isDirectory()) {
      path = join(path, 'index.html');
      info = await stat(path).catch(() => undefined);
    }
    if (!info && spa && !extname(url.pathname)) {
      path = join(base, 'index.html');
      info = await stat(path).catch(() => undefined);
    }
    if (!info) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const hashed = /[-.][A-Za-z0-9_-]{8,}\.(js|css|svg|png|webp|woff2)$/.test(path) && path.includes(`${sep}assets${sep}`);
    const { type, compressible } = fileType(path);
    response.setHeader('Content-Type', type);
    response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304).end();
      return;
    }
    const gzip = compressible && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (gzip) {
      response.setHeader('Content-Encoding', 'gzip');
      response.appendHeader('Vary', 'Accept-Encoding');
    } else {
      response.setHeader('Content-Length', info.size);
    }
    // A visitor who left while the file was looked for: nothing to send, nothing failed.
    if (response.destroyed) return;
    response.writeHead(200);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    // A file that goes while it is read, or a visitor who leaves: the response ends there, the server goes on.
    const done = (error: Error | null) => error && !response.destroyed && response.destroy();
    if (gzip) pipeline(createReadStream(path), createGzip({ level: 9 }), response, done);
    else pipeline(createReadStream(path), response, done);
  }
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * An address that hands every POST, at its own path, to an app that is not listening (built after it: `app()` is read at
 * each request) — the address a provider posts to (SSLCommerz's IPN), known before the app is.
 */
export async function forwardAll(app: () => FastifyInstance | undefined): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const target = app();
      if (!target) return void response.writeHead(503).end();
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      void target.inject({ method: 'POST', url: request.url ?? '/', headers, payload: body }).then((answer) => {
        response.writeHead(answer.statusCode, answer.headers as Record<string, string>);
        response.end(answer.body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address that hands every POST to one route of an app that is not listening (its answer, headers and all, sent back). */
export async function forwardTo(app: FastifyInstance, url: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      void app.inject({ method: 'POST', url, headers, payload: body }).then((answer) => {
        response.writeHead(answer.statusCode, answer.headers as Record<string, string>);
        response.end(answer.body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

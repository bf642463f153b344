// The shell's server: its build as static files, the live /remotes.json for each visitor (live-manifest.ts), and the
// first page composed on the server from the same manifest (compose.ts), for a visitor or a returning user.
// tsx shell/server/main.ts <dist> <port>   (DEPLOYER_URL: the deployer that keeps the live manifest)
import type { IncomingMessage, ServerResponse } from 'node:http';
import vm from 'node:vm';
import { serve } from '@phonehaat/serve';
import { sessionFromCookie } from '@phonehaat/shared-auth/claims';
import { visitorFrom } from '@phonehaat/slice/visitor';
import { createComposer } from './compose';
import { createLiveManifest } from './live-manifest';

const [dist = 'dist', port = '4200'] = process.argv.slice(2);
const deployerUrl = process.env.DEPLOYER_URL || undefined;
const manifestFor = createLiveManifest({ dist, deployerUrl });
const compose = createComposer({ dist });

/** This visitor's manifest; a new visitor gets their id (the canary side they stay on) in a cookie. */
async function visitorManifest(request: IncomingMessage, response: ServerResponse) {
  const visitor = visitorFrom(request.headers.cookie);
  if (visitor.setCookie) response.setHeader('Set-Cookie', visitor.setCookie);
  return manifestFor(visitor.id);
}

const { url, close } = await serve({
  root: dist,
  port: Number(port),
  host: process.env.HOST ?? '127.0.0.1',
  spa: true,
  async handle(address, request, response) {
    if (address.pathname !== '/remotes.json' || !deployerUrl) return false;
    const body = JSON.stringify(await visitorManifest(request, response));
    // Per visitor, and changed by any promotion: never cached, never shared.
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache', 'Content-Length': Buffer.byteLength(body) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  },
  page: async (address, request, response) => {
    // A returning user's remembered session (shared-auth's cookie): their page, composed with their token.
    return compose(address, await visitorManifest(request, response), sessionFromCookie(request.headers.cookie) ?? undefined);
  },
});
console.log(`shell server on ${url}${deployerUrl ? `, live manifest from ${deployerUrl}` : ''}`);
if (!('SourceTextModule' in vm)) {
  console.warn('shell server: Node runs without --experimental-vm-modules: pages are composed through temporary files (decision 019)');
}
const stop = () => void close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

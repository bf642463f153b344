import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { launch, type Launched } from './launch.js';
import { restartCommand, type Service } from './services.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A tiny HTTP service that answers on its port (and stops after `lifeMs`, when given). */
const service = (name: string, port: number, lifeMs?: number): Service => ({
  name,
  command: `exec node -e "require('http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1'); ${lifeMs ? `setTimeout(() => process.exit(3), ${lifeMs})` : ''}" </dev/null`,
  cwd: process.cwd(),
  env: { GREETING: "it's ok" },
  url: `http://127.0.0.1:${port}/`,
  port,
});

const answers = async (url: string) => (await fetch(url).then((response) => response.ok).catch(() => false));

let stack: Launched | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

describe('the local stack', () => {
  it('keeps the other services running when one stops, and says which one and how', async () => {
    const [steady, fragile] = [await freePort(), await freePort()];
    const stopped: [string, string][] = [];
    stack = await launch([service('steady', steady), service('fragile', fragile, 500)], { quiet: true });
    stack.onStopped((which, how) => stopped.push([which.name, how]));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(stopped).toEqual([['fragile', 'exit 3']]);
    expect(await answers(`http://127.0.0.1:${fragile}/`)).toBe(false);
    expect(await answers(`http://127.0.0.1:${steady}/`)).toBe(true);
  });

  it('stops every service on stop() (Ctrl-C)', async () => {
    const [one, two] = [await freePort(), await freePort()];
    stack = await launch([service('one', one), service('two', two)], { quiet: true });
    await stack.stop();
    stack = undefined;
    expect(await answers(`http://127.0.0.1:${one}/`)).toBe(false);
    expect(await answers(`http://127.0.0.1:${two}/`)).toBe(false);
  });

  it('prints a command that starts a stopped service again on its own, with its environment', async () => {
    const port = await freePort();
    const command = restartCommand(service('again', port));
    expect(command).toContain(`GREETING='it'\\''s ok'`);
    const child = spawn('sh', ['-c', command], { stdio: 'ignore', detached: true });
    try {
      for (let i = 0; i < 50 && !(await answers(`http://127.0.0.1:${port}/`)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await answers(`http://127.0.0.1:${port}/`)).toBe(true);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});

// `pnpm start` (production builds) and `pnpm dev` (hot reload): the whole product on this machine,
// with no internet and no accounts. Ctrl-C stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { builtRemotes, demoAccounts, demoPassword, publicEnvFor, remotesManifest, root, stackPorts, stackServices, type Service } from './services.js';

const dev = process.argv.includes('--dev');
const skipBuild = process.argv.includes('--no-build');
const children: ChildProcess[] = [];
let stopping = false;

const colours = [36, 35, 33, 32, 34, 31, 96, 95, 93];
function run(name: string, command: string, cwd: string, env: Record<string, string>, index: number): ChildProcess {
  const child = spawn('sh', ['-c', command], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const tag = `\x1b[${colours[index % colours.length]}m${name.padEnd(13)}\x1b[0m│ `;
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(tag + line + '\n');
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${tag}stopped (${signal ?? `exit ${code}`}); shutting everything down.`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(service: Service, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${service.name} exited before it was ready`);
    try {
      const response = await fetch(service.url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${service.name} was not ready at ${service.url} after ${timeoutMs / 1000}s`);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children.reverse()) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

function build(): Promise<void> {
  console.log('Building the shell and the four remotes (production)…');
  return new Promise((resolve, reject) => {
    const child = run('build', `exec pnpm --filter "./shell" --filter "./mfe-*" --workspace-concurrency=2 run build </dev/null`, root, publicEnvFor(), 0);
    child.removeAllListeners('exit');
    children.splice(children.indexOf(child), 1);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (exit ${code})`))));
  });
}

try {
  if (!dev && !skipBuild) await build();
  const services = stackServices({ dev, persistEmulator: true });
  // The deployed manifest: changing a URL here needs no rebuild.
  if (!dev) writeFileSync(`${root}shell/dist/remotes.json`, `${JSON.stringify(remotesManifest(process.env, builtRemotes()), null, 2)}\n`);
  for (const [index, service] of services.entries()) {
    const child = run(service.name, service.command, service.cwd, service.env, index + 1);
    await waitFor(service, child);
  }
  const ports = stackPorts();
  console.log(`
\x1b[1mPhoneHaat is running${dev ? ' (dev, hot reload)' : ''}: http://localhost:${ports.shell}\x1b[0m
  API ${`http://localhost:${ports.api}`} (docs at /docs) · Auth emulator 127.0.0.1:${ports.auth} · fake Stripe 127.0.0.1:${ports.stripe}
  Remotes: storefront ${ports.storefront}, buyer ${ports.buyer}, seller ${ports.seller}, admin ${ports.admin}
  Demo accounts (password ${demoPassword}): ${demoAccounts.map(([email, role]) => `${email} (${role})`).join(', ')}
  Test card: 4242 4242 4242 4242, any future date, any CVC. Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`\nPhoneHaat could not start: ${(error as Error).message}`);
  await stop(1);
}

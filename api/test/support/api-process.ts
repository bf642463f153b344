import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
}

/**
 * What an API process needs to send the outbox of a harness's database (`harness` is its env), with `extra`: a claim
 * runs out after 2 s and the sweep takes over at once, so a process killed mid-send is taken over soon by the next.
 */
export const outboxProcessEnv = (harness: { DATABASE_URL?: string; FIREBASE_AUTH_EMULATOR_HOST?: string }, extra: Record<string, string>): Record<string, string> => ({
  ...extra,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATABASE_URL: harness.DATABASE_URL!,
  FIREBASE_AUTH_EMULATOR_HOST: harness.FIREBASE_AUTH_EMULATOR_HOST!,
  EMAIL_LEASE_SECONDS: '2',
  EMAIL_SWEEP_AFTER_SECONDS: '0',
});

/** The API as a real process (`src/server.ts`), as a deployment runs it; resolves once it is ready. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited at start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the API was not ready in time:\n${output}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, output: () => output, exited };
}

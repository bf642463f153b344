import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function emulatorUp(): Promise<boolean> {
  try {
    const response = await fetch(`http://${EMULATOR}/`);
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts the Firebase Auth emulator for the suite unless one is already running (pnpm start's, say). */
export default async function setup() {
  let child: ChildProcess | undefined;
  if (!(await emulatorUp())) {
    const [, port] = EMULATOR.split(':');
    child = spawn(
      'pnpm',
      ['exec', 'firebase', 'emulators:start', '--only', 'auth', '--project', 'demo-phonehaat', '--config', `${repoRoot}firebase.json`],
      { cwd: fileURLToPath(new URL('../../', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, FIREBASE_AUTH_EMULATOR_PORT: port } },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    while (!(await emulatorUp())) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`The Firebase Auth emulator did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR;
  return async () => {
    if (child?.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child?.once('exit', resolve));
    }
  };
}

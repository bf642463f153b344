// Starts services one after another, each only once the previous one answers, and stops them all.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Service } from './services.js';

const colours = [36, 35, 33, 32, 34, 31, 96, 95, 93];

export interface Launched {
  stop(): Promise<void>;
  /** Called each time a service stops on its own (not by stop()), with how it ended. */
  onStopped(listener: (service: Service, how: string) => void): void;
}

export async function launch(services: Service[], options: { quiet?: boolean; extraEnv?: Record<string, string> } = {}): Promise<Launched> {
  const children: ChildProcess[] = [];
  let stopping = false;
  const listeners: ((service: Service, how: string) => void)[] = [];

  const stop = async () => {
    stopping = true;
    for (const child of [...children].reverse()) {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    }
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  };

  try {
    for (const [index, service] of services.entries()) {
      const child = spawn('sh', ['-c', service.command], {
        cwd: service.cwd,
        env: { ...process.env, ...options.extraEnv, ...service.env },
        stdio: ['ignore', options.quiet ? 'ignore' : 'pipe', 'pipe'],
        detached: true,
      });
      const tag = `\x1b[${colours[index % colours.length]}m${service.name.padEnd(13)}\x1b[0m│ `;
      let recent = '';
      const relay = (chunk: Buffer) => {
        recent = (recent + chunk.toString()).slice(-4000);
        if (options.quiet) return;
        for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(tag + line + '\n');
      };
      child.stdout?.on('data', relay);
      child.stderr?.on('data', relay);
      child.on('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ?? `exit ${code}`;
        if (!options.quiet) console.error(`${tag}stopped (${how})`);
        for (const listener of listeners) listener(service, how);
      });
      children.push(child);
      await waitFor(service, child, () => recent);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, onStopped: (listener) => void listeners.push(listener) };
}

async function waitFor(service: Service, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${service.name} exited before it was ready:\n${output()}`);
    try {
      const response = await fetch(service.url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${service.name} was not ready at ${service.url} after ${timeoutMs / 1000}s:\n${output()}`);
}

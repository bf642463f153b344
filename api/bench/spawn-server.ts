// Starts bench/server.ts (the API as the benchmarks measure it) in a process of its own and reads where to call it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { InProcessResult } from './in-process.js';

const apiDir = fileURLToPath(new URL('../', import.meta.url));

export interface ServerInfo {
  port: number;
  token: string;
  adminToken: string;
  /** The seller of `productId`, and a buyer who only listens (bench/streams.ts). */
  sellerToken: string;
  listenerToken: string;
  brandId: string;
  productId: string;
  products: number;
  /** Paid sales (the price guide's), and the guide's queries for 20 models with sales. */
  sales: number;
  priceGuides: string[];
  explain: string;
  inProcess: InProcessResult[];
}

export async function startServer(env: Record<string, string>): Promise<{ info: ServerInfo; stop(): Promise<void> }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: server.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  });
  return {
    info,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.removeAllListeners('exit');
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}


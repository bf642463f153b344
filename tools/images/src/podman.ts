// podman and buildah as this machine has them (Debian's 4.3): the two settings they need here, and running them.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * runc (crun 1.8 refuses this machine's hybrid cgroups) and open-file limits the container may set (podman's defaults
 * are above what the machine allows): `CONTAINERS_CONF` names this file for every podman and buildah call.
 */
export function containersConf(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'containers.conf');
  writeFileSync(file, '[engine]\nruntime = "runc"\n\n[containers]\ndefault_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]\n');
  return file;
}

export interface Tools {
  /** Runs a command with CONTAINERS_CONF set; throws with its output when it fails. */
  run(command: string, args: string[], options?: { cwd?: string; quiet?: boolean }): string;
  /** The same without blocking the event loop (a benchmark's load goes on meanwhile); its output. */
  runAsync(command: string, args: string[]): Promise<string>;
  /** Whether the local store has this image. */
  hasImage(name: string): boolean;
}

export function containerTools(conf: string): Tools {
  const env = { ...process.env, CONTAINERS_CONF: conf };
  const run: Tools['run'] = (command, args, { cwd, quiet = false } = {}) => {
    const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: quiet ? 'pipe' : ['ignore', 'pipe', 'inherit'] });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
    return result.stdout ?? '';
  };
  const runAsync: Tools['runAsync'] = async (command, args) => (await promisify(execFile)(command, args, { env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  return {
    run,
    runAsync,
    hasImage: (name) => spawnSync('podman', ['image', 'exists', name], { env }).status === 0,
  };
}

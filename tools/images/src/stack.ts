// pnpm stack up|down|ps: the compose stack (deploy/compose) with this machine's podman settings; `down` also removes
// its network, which podman-compose 1.0 leaves behind. Debian's podman-compose 1.0.3 gives a `network_mode: host`
// service the project's network as well, which podman refuses: those services (the shell's server, the deployer) are
// started here with `podman run` from their definitions in compose.yaml, as docker-compose would start them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { root } from '@phonehaat/stack';
import { containersConf, containerTools, type Tools } from './podman.ts';

export const PROJECT = 'phonehaat';
const composeDir = join(root, 'deploy', 'compose');

interface Service {
  image: string;
  network_mode?: string;
  environment?: Record<string, string>;
}

export function stackTools(): Tools {
  return containerTools(containersConf(join(root, '.data', 'images')));
}

/** The compose file's services, split into those podman-compose starts and those on the host's network. */
function services() {
  const all = (parse(readFileSync(join(composeDir, 'compose.yaml'), 'utf8')) as { services: Record<string, Service> }).services;
  const onHost = Object.entries(all).filter(([, service]) => service.network_mode === 'host');
  return { composed: Object.keys(all).filter((name) => all[name]!.network_mode !== 'host'), onHost };
}

export async function stack(action: 'up' | 'down' | 'ps', tools = stackTools()): Promise<string> {
  const compose = (args: string[]) => tools.runAsync('podman-compose', ['-f', join(composeDir, 'compose.yaml'), '-p', PROJECT, ...args]);
  const { composed, onHost } = services();
  const hostName = (name: string) => `${PROJECT}_${name}_1`;
  if (action === 'up') {
    let out = await compose(['up', '-d', ...composed]);
    // podman-compose 1.0.3 goes on when a `podman start` fails (one CI run found a replica absent from the running ones): those
    // are started again here, and said.
    for (const name of composed) {
      const state = await tools.runAsync('podman', ['inspect', '--format', '{{.State.Status}}', hostName(name)]).catch(() => '');
      if (state.trim() !== 'created') continue;
      out += `${hostName(name)} was created but not started: starting it\n`;
      out += await tools.runAsync('podman', ['start', hostName(name)]);
    }
    for (const [name, service] of onHost) {
      await tools.runAsync('podman', ['rm', '--force', hostName(name)]).catch(() => '');
      const env = Object.entries(service.environment ?? {}).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
      out += await tools.runAsync('podman', ['run', '-d', '--name', hostName(name), '--label', `io.podman.compose.project=${PROJECT}`, '--network', 'host', ...env, service.image]);
    }
    return out;
  }
  if (action === 'ps') return tools.runAsync('podman', ['ps', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}\t{{.Status}}']);
  for (const [name] of onHost) await tools.runAsync('podman', ['rm', '--force', '--time', '5', hostName(name)]).catch(() => '');
  const out = await compose(['down']);
  await tools.runAsync('podman', ['network', 'rm', '--force', `${PROJECT}_default`]).catch(() => '');
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const action = process.argv[2] as 'up' | 'down' | 'ps';
  if (!['up', 'down', 'ps'].includes(action)) throw new Error('pnpm stack up | down | ps');
  process.stdout.write(await stack(action));
}

// pnpm stack up|down|ps: the compose stack (deploy/compose) with this machine's podman settings; `down` also removes
// its network, which podman-compose 1.0 leaves behind.
import { join } from 'node:path';
import { root } from '@phonehaat/stack';
import { containersConf, containerTools, type Tools } from './podman.ts';

export const PROJECT = 'phonehaat';
const composeDir = join(root, 'deploy', 'compose');

export function stackTools(): Tools {
  return containerTools(containersConf(join(root, '.data', 'images')));
}

export async function stack(action: 'up' | 'down' | 'ps', tools = stackTools()): Promise<string> {
  const compose = (args: string[]) => tools.runAsync('podman-compose', ['-f', join(composeDir, 'compose.yaml'), '-p', PROJECT, ...args]);
  if (action === 'up') return compose(['up', '-d']);
  if (action === 'ps') return tools.runAsync('podman', ['ps', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}\t{{.Status}}']);
  const out = await compose(['down']);
  await tools.runAsync('podman', ['network', 'rm', '--force', `${PROJECT}_default`]).catch(() => '');
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const action = process.argv[2] as 'up' | 'down' | 'ps';
  if (!['up', 'down', 'ps'].includes(action)) throw new Error('pnpm stack up | down | ps');
  process.stdout.write(await stack(action));
}

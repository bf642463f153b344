// What goes into an image, staged in a folder of its own: the app's production dependencies only (pnpm deploy), and the
// workspace packages it runs from source laid out beside it, so Node's own type stripping runs them (it refuses files
// under node_modules, which is where pnpm deploy would put them).
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Tools } from './podman.ts';

/** What a deployed package does not need at run time. */
const DEV_ONLY = ['test', 'bench', 'vitest.config.ts', 'tsconfig.json', 'BENCHMARKS.md', '.data'];

/**
 * /app/api: the API and its production node_modules; /app/shared-api: the contract, from source, its imports resolved
 * through the API's node_modules.
 */
export function stageApi(tools: Tools, root: string, stageDir: string): string {
  const app = join(stageDir, 'app');
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  tools.run('pnpm', ['--filter', '@phonehaat/api', 'deploy', '--prod', '--legacy', join(app, 'api')], { cwd: root, quiet: true });
  for (const part of DEV_ONLY) rmSync(join(app, 'api', part), { recursive: true, force: true });
  const shared = join(app, 'shared-api');
  mkdirSync(shared);
  cpSync(join(root, 'shared-api', 'package.json'), join(shared, 'package.json'));
  cpSync(join(root, 'shared-api', 'src'), join(shared, 'src'), { recursive: true, filter: (path) => !path.endsWith('.test.ts') });
  symlinkSync('../api/node_modules', join(shared, 'node_modules'));
  const link = join(app, 'api', 'node_modules', '@phonehaat', 'shared-api');
  rmSync(link, { force: true });
  symlinkSync('../../../shared-api', link);
  if (!existsSync(join(app, 'api', 'src', 'server.ts'))) throw new Error('the staged API has no src/server.ts');
  return app;
}

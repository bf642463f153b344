// The workspace's shape (issue 44): no package cycle (pnpm would warn of one at install), and the API's production
// dependencies free of the tools that build and test it (a production install of the API must not pull them in).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './services.js';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const packages: Manifest[] = ['api', 'shared-api', 'shared-ui', 'shared-auth', 'shared-data', 'shell', 'e2e', ...readdirSync(root).filter((dir) => dir.startsWith('mfe-')), ...readdirSync(join(root, 'tools')).map((dir) => `tools/${dir}`)]
  .filter((dir) => existsSync(join(root, dir, 'package.json')))
  .map((dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest);

/** Each workspace package's workspace dependencies, dev ones included (pnpm's cycle warning counts them too). */
const edges = new Map(
  packages.map((pkg) => [pkg.name, Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(([, range]) => range.startsWith('workspace:')).map(([name]) => name)]),
);

/** A cycle through the workspace's packages, as the names along it, or undefined. */
function findCycle(): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const walk = (name: string, path: string[]): string[] | undefined => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    for (const next of edges.get(name) ?? []) {
      const found = walk(next, [...path, name]);
      if (found) return found;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const name of edges.keys()) {
    const found = walk(name, []);
    if (found) return found;
  }
  return undefined;
}

describe('the workspace', () => {
  it('has no cycle between its packages', () => {
    expect(packages.length).toBeGreaterThan(10);
    expect(findCycle()).toBeUndefined();
  });

  it("keeps build and test tools out of the API's production dependencies", () => {
    const listed = JSON.parse(execFileSync('pnpm', ['--filter', '@phonehaat/api', 'list', '--prod', '--depth', 'Infinity', '--json'], { cwd: root, encoding: 'utf8' })) as {
      dependencies?: Record<string, { dependencies?: Record<string, unknown> }>;
    }[];
    const names = new Set<string>();
    const walk = (deps: Record<string, { dependencies?: Record<string, unknown> }> | undefined) => {
      for (const [name, dep] of Object.entries(deps ?? {})) {
        if (names.has(name)) continue;
        names.add(name);
        walk(dep.dependencies as typeof deps);
      }
    };
    walk(listed[0]?.dependencies);
    expect(names).toContain('fastify');
    const tools = [...names].filter((name) => /^(vite|vitest|jsdom|typescript|rollup|tsx|esbuild|@esbuild\/.*|playwright|@playwright\/.*|@testing-library\/.*|@vitejs\/.*|@module-federation\/vite|@phonehaat\/(slice|serve|stack|federation-config|fake-.*))$/.test(name));
    expect(tools).toEqual([]);
  });
});

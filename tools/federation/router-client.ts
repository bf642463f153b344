// The names react-router-dom.client.ts provides, and the check that every app's code asks only for those: a remote is
// given the shell's module at run time, so a name missing there would be `undefined` on a live page, not a build error.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const CLIENT = new URL('./react-router-dom.client.ts', import.meta.url);

/** The value names the shared module exports. */
export function routerClientNames(source = readFileSync(CLIENT, 'utf8')): Set<string> {
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const entry of list!.split(',')) {
      const name = entry.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

const IMPORTS = /(?:import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g;

/** The names a module's code takes from react-router-dom that the shared module does not provide (types aside). */
export function missingRouterNames(code: string, provided: Set<string>): string[] {
  const missing: string[] = [];
  for (const [, typeOnly, list] of code.matchAll(IMPORTS)) {
    if (typeOnly) continue;
    for (const entry of list!.split(',')) {
      const name = entry.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ') && !provided.has(name)) missing.push(name);
    }
  }
  return missing;
}

/** Fails a build (or dev server) whose code imports from react-router-dom a name the shared module lacks. */
export function routerClientCheck(): Plugin {
  const provided = routerClientNames();
  return {
    name: 'phonehaat:router-client-check',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?tsx?$/.test(id.split('?')[0]!) || !code.includes('react-router-dom')) return null;
      const missing = missingRouterNames(code, provided);
      if (missing.length) {
        this.error(`${id} imports ${missing.join(', ')} from react-router-dom, which the shared module (tools/federation/react-router-dom.client.ts) does not provide: use the data router's API, or add the name there`);
      }
      return null;
    },
  };
}

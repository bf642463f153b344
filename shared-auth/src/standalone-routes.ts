// A remote's pages, run alone by its team (`pnpm --filter mfe-<name> dev`): the same declarations the shell reads
// (the remote's src/routes.ts), so the standalone app can never list fewer pages than the remote ships (issue 67:
// before, each bootstrap typed its own list, and three had drifted).
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import type { PageDeclaration } from '@phonehaat/shared-api/pages';

/** What an exposed page module gives: the page, and its loader when it declares one. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

/**
 * Every declared page as a lazy route of its own module, with its loader where the declaration says it has one.
 * `modules` is the bootstrap's `import.meta.glob('./exposed/*.tsx')` (keys relative to src/); a declared file missing
 * from it is an error at start, naming the page.
 */
export function standaloneRoutes(pages: readonly PageDeclaration[], modules: Record<string, () => Promise<unknown>>): RouteObject[] {
  return pages.map((page) => {
    const load = modules[page.file.replace(/^\.\/src\//, './')];
    if (!load) throw new Error(`${page.path}: its module ${page.file} is not among the bootstrap's (${Object.keys(modules).join(', ')})`);
    return {
      path: page.path,
      lazy: async () => {
        const module = (await load()) as PageModule;
        if (page.loader && !module.loader) throw new Error(`${page.path}: ${page.file} is declared with a loader and exports none`);
        return { Component: module.default, ...(page.loader ? { loader: module.loader } : {}) };
      },
    };
  });
}

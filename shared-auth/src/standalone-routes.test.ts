import { describe, expect, it } from 'vitest';
import type { PageDeclaration } from '@phonehaat/shared-api/pages';
import { standaloneRoutes } from './standalone-routes';

const page = (path: string, file: string, loader?: boolean): PageDeclaration => ({ path, module: file, file, permission: null, label: { en: path, bn: path }, ...(loader ? { loader } : {}) });
const Home = () => null;
const Search = () => null;
const searchLoader = () => ({ results: [] });

describe('a remote run alone', () => {
  it('has every page its declarations list, each with its own module and its loader', async () => {
    const routes = standaloneRoutes([page('/', './src/exposed/home.tsx'), page('/search', './src/exposed/search.tsx', true)], {
      './exposed/home.tsx': async () => ({ default: Home, loader: () => 'not declared' }),
      './exposed/search.tsx': async () => ({ default: Search, loader: searchLoader }),
    });
    expect(routes.map((route) => route.path)).toEqual(['/', '/search']);
    const [home, search] = await Promise.all(routes.map((route) => (route.lazy as () => Promise<Record<string, unknown>>)()));
    // A loader the declaration does not name is not run: the shell would not run it either.
    expect(home).toEqual({ Component: Home });
    expect(search).toEqual({ Component: Search, loader: searchLoader });
  });

  it('refuses to start without a declared page’s module, naming the page', () => {
    expect(() => standaloneRoutes([page('/blog', './src/exposed/blog.tsx')], { './exposed/home.tsx': async () => ({ default: Home }) })).toThrow(/\/blog: its module \.\/src\/exposed\/blog\.tsx/);
  });

  it('says so when a page declared with a loader exports none', async () => {
    const [route] = standaloneRoutes([page('/search', './src/exposed/search.tsx', true)], { './exposed/search.tsx': async () => ({ default: Search }) });
    await expect((route!.lazy as () => Promise<unknown>)()).rejects.toThrow(/declared with a loader and exports none/);
  });
});

// TanStack Query is about 11 KB gzipped: it loads with the first screen that reads through the cache (or a server
// render, or a composed page that brings cached answers), not with every visitor's first page (bench:web's budget).
import type * as TanStackQuery from '@tanstack/react-query';

type Library = typeof TanStackQuery;

let library: Library | undefined;
let loading: Promise<Library> | undefined;

/** Loads the library (once); resolves when it is ready. */
export function loadQueryLibrary(): Promise<Library> {
  loading ??= import('@tanstack/react-query').then((loaded) => (library = loaded));
  loading.catch(() => (loading = undefined)); // a failed download is tried again
  return loading;
}

/** The library, in a render: a component that reads the cache first waits for it (React's Suspense). */
export function queryLibrary(): Library {
  if (library) return library;
  throw loadQueryLibrary();
}

/** The library if it has loaded: nothing can be cached before it has. */
export const loadedQueryLibrary = (): Library | undefined => library;

// TanStack Query and the cache built on it (engine.ts) load with the first screen that reads through the cache (or a
// server render, or a composed page that brings cached answers), not with every visitor's first page (bench:web's budget).
import type * as QueryEngine from './engine';
import { takeComposedAnswers } from './composed';

type Engine = typeof QueryEngine;

let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;

/** Loads the cache's implementation (once); resolves when it is ready. */
export function loadQueryLibrary(): Promise<Engine> {
  loading ??= import('./engine').then((loaded) => {
    // A visitor's composed page's answers, read until now as they came: into the cache.
    const composed = takeComposedAnswers();
    if (composed) loaded.hydrateCache(composed);
    return (engine = loaded);
  });
  loading.catch(() => (loading = undefined)); // a failed download is tried again
  return loading;
}

/** The implementation, in a render: a component that reads the cache first waits for it (React's Suspense). */
export function queryEngine(): Engine {
  if (engine) return engine;
  throw loadQueryLibrary();
}

/** The implementation outside a render, where it must have loaded (a server render loads it first). */
export function loadedQueryEngine(): Engine {
  if (!engine) throw new Error('The query library has not loaded (loadQueryLibrary)');
  return engine;
}

/** The implementation if it has loaded: nothing can be cached before it has. */
export const queryEngineIfLoaded = (): Engine | undefined => engine;

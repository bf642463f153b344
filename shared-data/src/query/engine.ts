// The cache's implementation, with TanStack Query (decision 047): about 12 KB gzipped with the library, loaded with the
// first screen that reads through the cache (library.ts), never with a visitor's first page (bench:web's budget).
// Nothing but library.ts imports it or its modules: the rest of the package reaches it through index.ts's wrappers.
export * from './cache';
export { apiQuery, operationKey, pagesKey } from './keys';
export { useApiPages, useApiQuery } from './engine-query';
export { RenderCache } from './engine-render';

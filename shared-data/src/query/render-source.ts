import type { QueryClient } from '@tanstack/react-query';

// A route's loader fills the cache its page then reads (issue 67): in the browser the one cache; on the shell's server
// the cache of the render under way, which the server names through setRenderCacheSource (its AsyncLocalStorage:
// renders overlap while they wait on the API, and this package runs in browsers too, where there is none).

let source: () => QueryClient | undefined = () => undefined;
export function setRenderCacheSource(next: () => QueryClient | undefined) {
  source = next;
}
export const renderCacheSource = (): QueryClient | undefined => source();

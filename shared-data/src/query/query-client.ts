import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api-error';

/** A refusal (4xx) is an answer: asking again gets the same. A network failure or a 5xx is tried once more. */
const retry = (failures: number, error: unknown) => failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

/**
 * A cache for one page's life (the browser's) or one server render: what a screen read stays fresh for half a minute,
 * so moving between pages shows it at once and asks again in the background; a change invalidates what it changed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;
/** The browser's one cache, for the shell and every remote (shared-data is a federation singleton). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

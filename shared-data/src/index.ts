// The data layer (issue 67): the one typed client of the API (decision 036) and the one way screens read and change
// its data, through one cache (TanStack Query, decision 047). Identity (who the calls are for) is shared-auth's, which
// tells this package through setCredentials.
export { api, apiUrl, ApiRequestError, authenticatedClient, type ApiClient, type ApiInput, type ApiOutput, type RequestOptions } from './api-client';
export { config } from './config';
export { setCredentials, setSignedIn, type Credentials } from './credentials';
export { loadQueryLibrary } from './query/library';
export type { QueryClient } from '@tanstack/react-query';
export {
  browserQueryClient,
  CacheBoundary,
  createQueryClient,
  dehydrateCache,
  ensureApi,
  fetchApi,
  hasFailedRead,
  hydrateCache,
  invalidateReads,
  prefetchApi,
  prefetchApiPages,
  QueryView,
  RenderCache,
  updatePages,
  updateRead,
  useApiPages,
  useApiQuery,
  type ApiPages,
  type ApiPagesOptions,
  type ApiQueryOptions,
  type DehydratedState,
  type QueryViewProps,
} from './query/public';
export { setRenderCacheSource } from './query/render-source';
export { useAction, type Action } from './use-action';
export { useDelivery } from './live/delivery';
/** The live stream (messages, "seen", notifications): loaded when first needed, one instance for the shell and every remote. */
export const loadLive = () => import('./live/stream');
export type { LiveStatus } from './live/stream';

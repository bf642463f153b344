import type { SellerPage } from '@phonehaat/shared-api';
import { prefetchApi, useApiQuery } from '@phonehaat/shared-data';
import { onePage, userPageQuery, type UserPageQuery } from './user-page';

/** For the page's loader: the first page of sellers, into the cache the page reads. */
export const prefetchSellers = (query: UserPageQuery) => prefetchApi('listSellers', { query: userPageQuery(query) });

/** One page of sellers, newest first, with their verified flag and number of listings, through the cache. */
export function useSellers(query: UserPageQuery) {
  const read = useApiQuery('listSellers', { query: userPageQuery(query) });
  return { ...read, data: read.data === undefined ? undefined : (onePage(read.data) as SellerPage) };
}

import type { BuyerPage } from '@phonehaat/shared-api';
import { useApiQuery } from '@phonehaat/shared-data';
import { onePage, userPageQuery, type UserPageQuery } from './user-page';

/** One page of buyers, newest first, with their number of bookings, through the cache. */
export function useBuyers(query: UserPageQuery) {
  const read = useApiQuery('listBuyers', { query: userPageQuery(query) });
  return { ...read, data: read.data === undefined ? undefined : (onePage(read.data) as BuyerPage) };
}

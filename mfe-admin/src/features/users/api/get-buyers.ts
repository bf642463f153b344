import { api, useApi } from '@phonehaat/shared-data';
import { onePage, userPageQuery, type UserPageQuery } from './user-page';

/** One page of buyers, newest first, with their number of bookings. */
export const getBuyers = (query: UserPageQuery) => api.listBuyers({ query: userPageQuery(query) }).then(onePage);

export const useBuyers = (query: UserPageQuery) => useApi(() => getBuyers(query), [query.q, query.page]);

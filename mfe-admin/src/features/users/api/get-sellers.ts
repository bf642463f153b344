import type { SellerPage } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';
import { onePage, userPageQuery, type UserPageQuery } from './user-page';

/** One page of sellers, newest first, with verified flag and number of listings. */
export const getSellers = (query: UserPageQuery) => api.listSellers({ query: userPageQuery(query) }).then(onePage);

/** With `settled`, what the page's loader already fetched for the first query. */
export const useSellers = (query: UserPageQuery, settled?: ApiState<SellerPage>) => useApi(() => getSellers(query), [query.q, query.page], settled);

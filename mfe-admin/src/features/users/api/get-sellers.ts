import type { SellerPage } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';
import { userPageUrl, type UserPageQuery } from './user-page';

/** GET /users/allsellers?q&page&limit — one page of sellers, newest first, with verified flag and number of listings. */
export const getSellers = (query: UserPageQuery) => http.get<SellerPage>(userPageUrl('seller', query));

/** With `settled`, what the page's loader already fetched for the first query. */
export const useSellers = (query: UserPageQuery, settled?: ApiState<SellerPage>) => useApi(() => getSellers(query), [query.q, query.page], settled);

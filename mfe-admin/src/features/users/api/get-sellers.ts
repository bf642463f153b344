import type { SellerPage } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';
import { userPageUrl, type UserPageQuery } from './user-page';

/** GET /users/allsellers?q&page&limit — one page of sellers, newest first, with verified flag and number of listings. */
export const getSellers = (query: UserPageQuery) => http.get<SellerPage>(userPageUrl('seller', query));

export const useSellers = (query: UserPageQuery) => useApi(() => getSellers(query), [query.q, query.page]);

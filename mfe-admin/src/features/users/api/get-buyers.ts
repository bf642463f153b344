import type { BuyerPage } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';
import { userPageUrl, type UserPageQuery } from './user-page';

/** GET /users/allbuyers?q&page&limit — one page of buyers, newest first, with their number of bookings. */
export const getBuyers = (query: UserPageQuery) => http.get<BuyerPage>(userPageUrl('buyer', query));

export const useBuyers = (query: UserPageQuery) => useApi(() => getBuyers(query), [query.q, query.page]);

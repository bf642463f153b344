import type { Brand } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';
import { homePaths } from './paths';

/** GET /categories — every brand, for the "Browse By Category" cards. */
export const getCategories = () => http.get<Brand[]>(homePaths.categories);

export const useCategories = (settled?: ApiState<Brand[]>) => useApi(getCategories, [], settled);

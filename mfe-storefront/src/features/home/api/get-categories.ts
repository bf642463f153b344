import type { Brand } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /categories — every brand, for the "Browse By Category" cards. */
export const getCategories = () => http.get<Brand[]>('/categories');

export const useCategories = () => useApi(getCategories, []);

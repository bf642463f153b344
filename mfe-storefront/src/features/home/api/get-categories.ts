import type { Brand } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';

/** Every brand, for the "Browse By Category" cards. */
export const getCategories = () => api.listBrands();

export const useCategories = (settled?: ApiState<Brand[]>) => useApi(getCategories, [], settled);

import type { Brand } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';

/** The brands a phone can be listed under. */
export const getBrands = () => api.listBrandNames();

/** With `settled`, what the page's loader already fetched. */
export const useBrands = (settled?: ApiState<Brand[]>) => useApi(getBrands, [], settled);

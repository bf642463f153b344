import type { Brand } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /productbrandname — the brands a phone can be listed under. */
export const getBrands = () => http.get<Brand[]>('/productbrandname');

export const useBrands = () => useApi(getBrands, []);

import type { Brand } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';

/** GET /productbrandname — the brands a phone can be listed under. */
export const getBrands = () => http.get<Brand[]>('/productbrandname');

/** With `settled`, what the page's loader already fetched. */
export const useBrands = (settled?: ApiState<Brand[]>) => useApi(getBrands, [], settled);

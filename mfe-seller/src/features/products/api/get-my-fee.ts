import type { SellerFee } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /fees/mine — the fee the seller's next sale carries (Add a product says what they will receive). */
export const getMyFee = () => http.get<SellerFee>('/fees/mine');

export const useMyFee = () => useApi(getMyFee, []);

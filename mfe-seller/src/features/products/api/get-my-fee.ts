import { api, useApi } from '@phonehaat/shared-data';

/** The fee the seller's next sale carries (Add a product says what they will receive). */
export const getMyFee = () => api.getMyFee();

export const useMyFee = () => useApi(getMyFee, []);

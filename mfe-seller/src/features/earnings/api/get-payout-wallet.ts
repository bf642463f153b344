import { api, useApi } from '@phonehaat/shared-data';

/** Where the seller is paid out (null: none yet). */
export const getPayoutWallet = () => api.getPayoutWallet();

export const usePayoutWallet = () => useApi(getPayoutWallet, []);

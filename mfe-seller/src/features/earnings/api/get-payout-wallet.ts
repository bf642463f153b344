import type { PayoutWallet } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /payout-wallet — where the seller is paid out (null: none yet). */
export const getPayoutWallet = () => http.get<PayoutWallet | null>('/payout-wallet');

export const usePayoutWallet = () => useApi(getPayoutWallet, []);

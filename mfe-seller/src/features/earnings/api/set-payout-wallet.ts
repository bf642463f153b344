import type { PayoutWalletBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The bKash number payouts go to, typed twice. */
export const setPayoutWallet = (body: PayoutWalletBody) => api.setPayoutWallet({ body });

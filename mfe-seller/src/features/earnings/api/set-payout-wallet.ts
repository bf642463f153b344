import type { PayoutWallet, PayoutWalletBody } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** PUT /payout-wallet — the bKash number payouts go to, typed twice. */
export const setPayoutWallet = (body: PayoutWalletBody) => http.put<PayoutWallet>('/payout-wallet', body);

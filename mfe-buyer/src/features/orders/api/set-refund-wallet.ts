import type { RefundWalletBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** Where a disputed cash sale's refund goes: a bKash or Nagad number, confirmed by a code to the buyer's phone. */
export const setRefundWallet = (bookingId: string, body: RefundWalletBody) => api.setDisputeRefundWallet({ params: { id: bookingId }, body });

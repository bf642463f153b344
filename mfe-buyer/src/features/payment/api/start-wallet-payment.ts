import type { StartWalletPaymentResponse, WalletMethodId } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /payments/:method/start — the server prices the booking and answers the wallet's page to send the buyer to. */
export const startWalletPayment = (method: WalletMethodId, bookingId: string) =>
  http.post<StartWalletPaymentResponse>(`/payments/${method}/start`, { bookingId });

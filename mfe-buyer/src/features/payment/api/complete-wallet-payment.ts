import type { CompleteWalletPaymentBody, WalletMethodId, WalletPaymentResult } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /payments/:method/complete — back from the wallet's page: the server executes and checks the payment with the wallet. */
export const completeWalletPayment = (method: WalletMethodId, body: CompleteWalletPaymentBody) =>
  http.post<WalletPaymentResult>(`/payments/${method}/complete`, body);

import type { CompleteWalletPaymentBody, WalletMethodId } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** Back from the wallet's page: the server executes and checks the payment with the wallet. */
export const completeWalletPayment = (method: WalletMethodId, body: CompleteWalletPaymentBody) =>
  api.completeWalletPayment({ params: { method }, body });

import type { WalletMethodId } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The server prices the booking and answers the wallet's page to send the buyer to. */
export const startWalletPayment = (method: WalletMethodId, bookingId: string) =>
  api.startWalletPayment({ params: { method }, body: { bookingId } });

import type { PaymentMethodList } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /payment-methods — the ways to pay this deployment offers, in order. */
export const listPaymentMethods = () => http.get<PaymentMethodList>('/payment-methods');

import type { ComponentType } from 'react';
import type { PaymentMethodId } from '@phonehaat/shared-api';
import { BkashMethod, NagadMethod, SslcommerzMethod } from './redirect-method';
import { CardMethod } from './card-method';
import type { MethodProps } from './method-props';

/** Each way to pay, one component (a new one: its component and one line here). The server's GET /payment-methods says which are on. */
export const paymentMethods: Record<PaymentMethodId, ComponentType<MethodProps>> = {
  card: CardMethod,
  bkash: BkashMethod,
  nagad: NagadMethod,
  sslcommerz: SslcommerzMethod,
};

import { api } from '@phonehaat/shared-data';

/** The ways to pay this deployment offers, in order. */
export const listPaymentMethods = () => api.listPaymentMethods();

import type { DeliveryAddress } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** Kept once as the seller's pickup point on the courier. */
export const setPickup = (body: DeliveryAddress) => api.setPickupAddress({ body });

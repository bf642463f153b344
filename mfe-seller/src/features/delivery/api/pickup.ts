import type { DeliveryAddress, Pickup } from '@phonehaat/shared-api';
import { api, ApiRequestError, useApi } from '@phonehaat/shared-auth';

/** Where the courier collects the seller's parcels (null: none yet, so buyers cannot choose courier delivery). */
export const getPickup = (): Promise<Pickup | null> =>
  api.getPickupAddress().catch((error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  });

export const usePickup = () => useApi(getPickup, []);

/** Kept once as the seller's pickup point on the courier. */
export const setPickup = (body: DeliveryAddress) => api.setPickupAddress({ body });

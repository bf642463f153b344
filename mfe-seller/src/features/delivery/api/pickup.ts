import type { DeliveryAddress, Pickup } from '@phonehaat/shared-api';
import { api, useApi } from '@phonehaat/shared-data';

/** Where the courier collects the seller's parcels (null: none yet, so buyers cannot choose courier delivery). */
export const getPickup = (): Promise<Pickup | null> => api.getPickupAddress();

export const usePickup = () => useApi(getPickup, []);

/** Kept once as the seller's pickup point on the courier. */
export const setPickup = (body: DeliveryAddress) => api.setPickupAddress({ body });

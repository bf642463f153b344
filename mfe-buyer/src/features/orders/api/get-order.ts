import { api } from '@phonehaat/shared-data';

/** One of the buyer's orders, read again (its parcel moved: its state and held money may have changed). */
export const getOrder = (id: string) => api.getBooking({ params: { id } });

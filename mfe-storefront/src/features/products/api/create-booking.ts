import type { NewBookingBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The server fills in the buyer, item and price from its own records. */
export const createBooking = (body: NewBookingBody) => api.createBooking({ body });

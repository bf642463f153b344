import type { Inserted, NewBookingBody } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /bookeditems — the server fills in the buyer, item and price from its own records. */
export const createBooking = (body: NewBookingBody) => http.post<Inserted>('/bookeditems', body);

// What paying a booking online charges (issue 45), for the API that charges it and the payment page that shows it; a
// module without zod, so a browser page can use it without downloading the schemas (as limits.ts is).
import type { Booking } from './bookings.ts';

/** The delivery fee paid online with the phone (a courier booking paid online), in taka; none for a meeting or cash. */
export const deliveryFeeOnline = (booking: Pick<Booking, 'delivery'>) => (booking.delivery && !booking.delivery.cashOnDelivery ? booking.delivery.deliveryFee : 0);

/** What paying online charges, in taka: the phone and its delivery fee, as the API charges it. */
export const dueOnline = (booking: Pick<Booking, 'resalePrice' | 'delivery'>) => booking.resalePrice + deliveryFeeOnline(booking);

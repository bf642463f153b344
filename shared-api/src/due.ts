// What paying a booking online charges (issue 45), for the API that charges it and the payment page that shows it; a
// module without zod, so a browser page can use it without downloading the schemas (as limits.ts is).
import type { Booking } from './bookings.ts';

/** Whether a cash-on-delivery booking pays its delivery fee online first, and has not yet. */
export const feeDue = (booking: Pick<Booking, 'delivery'>) => Boolean(booking.delivery?.cashOnDelivery && booking.delivery.feeFirst && !booking.delivery.feePaid);

/**
 * The delivery fee paid online, in taka: with the phone (a courier booking paid online) or alone, first (cash on
 * delivery for a buyer refused at the door too often); none for a meeting or plain cash on delivery.
 */
export const takaDeliveryFeeOnline = (booking: Pick<Booking, 'delivery'>) =>
  booking.delivery && (!booking.delivery.cashOnDelivery || booking.delivery.feeFirst) ? booking.delivery.deliveryFee : 0;

/** What paying online charges, in taka, as the API charges it: the phone and its delivery fee, or the fee alone (the phone paid in cash). */
export const takaDueOnline = (booking: Pick<Booking, 'resalePrice' | 'delivery'>) => (booking.delivery?.cashOnDelivery ? 0 : booking.resalePrice) + takaDeliveryFeeOnline(booking);

import type { Booking } from '@phonehaat/shared-api';

/** What every way to pay is given: the booking, and what to call once it is paid without leaving the page. */
export interface MethodProps {
  booking: Booking;
  onPaid(transactionId: string): void;
}

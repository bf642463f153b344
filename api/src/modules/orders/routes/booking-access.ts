import type { FastifyRequest } from 'fastify';
import { notFound } from '../../../errors.ts';
import { actorOf, assertCan } from '../../../plugins/auth.ts';
import type { BookingRecord } from '../repositories/bookings.ts';
import type { Services } from '../../../services.ts';

/** The caller's own booking to pay for, or 403/404: every way to pay asks this first. */
export const payableBooking =
  ({ repos }: Pick<Services, 'repos'>) =>
  async (request: FastifyRequest, bookingId: string): Promise<BookingRecord> => {
    const booking = await repos.bookings.findById(bookingId);
    if (!booking) throw notFound('Booking');
    assertCan(actorOf(request), { own: 'pay:booking:own' }, booking.buyerId);
    return booking;
  };

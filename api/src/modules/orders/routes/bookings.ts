import { Booking, BookingList, districtOf, IdParams, OwnEmailQuery, Inserted, NewBookingBody, type DeliveryAddress, type DeliveryPayment } from '@phonehaat/shared-api';
import type { DeliveryService } from '../courier/delivery.ts';
import type { Services } from '../../../services.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../../errors.ts';
import { actorOf, assertCan } from '../../../plugins/auth.ts';
import type { BookingRecord } from '../repositories/bookings.ts';
import { buyerPrice, type BuyerPrice } from '../../offers/index.ts';
import { notificationEvents } from '../../notifications/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/**
 * A courier booking's delivery (issue 45): the fee quoted now, cash on delivery only within the cap, its fee paid
 * online first by a buyer whose cash parcels were refused too often. The seller's list shows where it goes in place of a meeting place.
 */
async function courierBooking(delivery: DeliveryService, buyerId: string, product: Parameters<DeliveryService['quote']>[1], priced: BuyerPrice, courier: { address: DeliveryAddress; payment: DeliveryPayment }) {
  const quote = await delivery.quote(buyerId, product, courier.address.district, priced);
  const cash = courier.payment === 'cash';
  if (cash && quote.cashOnDelivery.reason === 'above-cap') throw conflict(`Cash on delivery is for parcels up to Tk ${quote.cashOnDelivery.cap.toLocaleString('en-IN')}: pay online for this one`);
  const district = districtOf(courier.address.district)!;
  return {
    meetingLocation: `Courier: ${courier.address.area}, ${district.en}`,
    delivery: 'courier' as const,
    deliveryAddress: courier.address,
    cashOnDelivery: cash,
    deliveryFee: quote.deliveryFee,
    // Refused at the door too often: the delivery fee is paid online before the seller sends it (the quote said why).
    feeFirst: cash && quote.cashOnDelivery.feeFirst,
  };
}

/** The booking as its buyer sees it (internal ids stay inside). */
export const toBooking = ({ buyerId: _buyerId, paymentIntentId: _paymentIntentId, ...booking }: BookingRecord): Booking => booking;

export async function bookingRoutes(app: ZodApp, { repos, guards, notifier, delivery }: Services) {
  const { bookings, catalog } = repos;

  app.post(
    '/bookeditems',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:booking'), guards.requireVerifiedPhone],
      schema: {
        operationId: 'createBooking',
        tags: ['bookings'],
        summary: 'Book a phone (the buyer, item and price come from the server)',
        security: bearerAuth,
        body: NewBookingBody,
        response: { 201: Inserted, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const buyer = actorOf(request);
      const { id, phone, meetingLocation, courier } = request.body;
      const product = await catalog.findProduct(id);
      if (!product || product.deletedAt) throw notFound('Product');
      if (product.status === 'sold') throw conflict('This phone has already been sold');
      if (product.sellerId === buyer.id) throw conflict('You cannot book your own phone');
      // Kept for a buyer who agreed a price (issue 47): refused to others; its buyer's courier quote is at that price.
      const priced = await buyerPrice(repos.offers, product, buyer.id);
      const delivered = courier ? await courierBooking(delivery, buyer.id, product, priced, courier) : { meetingLocation: meetingLocation ?? '' };
      try {
        const created = await bookings.create({ productId: product.id, buyerId: buyer.id, phone, ...delivered }, (tx, bookingId, at) =>
          notifier.record(tx, [notificationEvents.booked(bookingId, product, buyer.name, at)]),
        );
        await notifier.announce(created.alongside);
        return reply.code(201).send({ acknowledged: true, insertedId: created.id });
      } catch (error) {
        if (isUniqueViolation(error, 'bookings_one_per_buyer')) throw conflict('You have already booked this phone');
        throw error;
      }
    },
  );

  app.get(
    '/bookeditems',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'listMyBookings',
        tags: ['bookings'],
        summary: "The caller's bookings, with paid and still-available flags",
        security: bearerAuth,
        querystring: OwnEmailQuery,
        response: { 200: BookingList, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const buyer = actorOf(request);
      if (request.query.email !== undefined && request.query.email !== buyer.email) throw forbidden('You can only see your own bookings');
      assertCan(buyer, { own: 'read:booking:own' }, buyer.id);
      return (await bookings.listByBuyer(buyer.id)).map(toBooking);
    },
  );

  app.get(
    '/bookings/:id',
    {
      preHandler: [guards.authenticate, guards.requirePermission('read:booking:own')],
      schema: {
        operationId: 'getBooking',
        tags: ['bookings'],
        summary: 'One of your bookings',
        security: bearerAuth,
        params: IdParams,
        response: { 200: Booking, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const booking = await bookings.findById(request.params.id);
      if (!booking) throw notFound('Booking');
      assertCan(actorOf(request), { own: 'read:booking:own' }, booking.buyerId);
      return toBooking(booking);
    },
  );
}

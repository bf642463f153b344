import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Booking } from '@phonehaat/shared-api';
import type { Db } from '../db/client.js';
import { bookings, payments, products, users } from '../db/schema.js';

const bookingColumns = {
  id: bookings.id,
  productId: bookings.productId,
  buyerId: bookings.buyerId,
  name: products.name,
  img: products.img,
  resalePrice: products.resalePrice,
  productStatus: products.status,
  productDeletedAt: products.deletedAt,
  userName: users.name,
  email: users.email,
  phone: bookings.phone,
  meetingLocation: bookings.meetingLocation,
  paid: bookings.paid,
  paymentIntentId: bookings.paymentIntentId,
  transactionId: payments.transactionId,
  createdAt: bookings.createdAt,
};

export interface BookingRecord extends Booking {
  buyerId: string;
  paymentIntentId: string | null;
}

export function createBookingsRepository(db: Db) {
  const query = () =>
    db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(users, eq(users.id, bookings.buyerId))
      .leftJoin(payments, eq(payments.bookingId, bookings.id));

  type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];
  const toRecord = ({ id, productStatus, productDeletedAt, createdAt, ...row }: Row): BookingRecord => ({
    _id: id,
    ...row,
    available: productStatus === 'available' && productDeletedAt === null,
    createdAt: createdAt.toISOString(),
  });

  return {
    async create(input: { productId: string; buyerId: string; phone: string; meetingLocation: string }): Promise<string> {
      const [row] = await db.insert(bookings).values(input).returning({ id: bookings.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async listByBuyer(buyerId: string): Promise<BookingRecord[]> {
      const rows = await query().where(eq(bookings.buyerId, buyerId)).orderBy(desc(bookings.createdAt), desc(bookings.id));
      return rows.map(toRecord);
    },

    async findById(id: string): Promise<BookingRecord | undefined> {
      const [row] = await query().where(eq(bookings.id, id));
      return row && toRecord(row);
    },

    /** Remembers the PaymentIntent made for this booking, unless one is already recorded. */
    async attachPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
      await db
        .update(bookings)
        .set({ paymentIntentId })
        .where(and(eq(bookings.id, id), isNull(bookings.paymentIntentId)));
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

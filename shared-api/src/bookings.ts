import { z } from 'zod';
import { Id, text } from './common.ts';
import { digitsOf } from './digits.ts';
import { asciiDigits } from './languages.ts';
import { OwnReview } from './reviews.ts';
import { PaidWith } from './payments.ts';
import { Dispute } from './disputes.ts';
import { BookingDelivery, CourierChoice } from './delivery.ts';
import { HandoverCheck, NeirRecord } from './device-checks.ts';

export const NewBookingBody = z.object({
  /** The product being booked. */
  id: z.uuid({ message: 'id must be a valid product id' }),
  phone: z
    .string({ message: 'Phone number is required' })
    .trim()
    .transform(asciiDigits)
    .pipe(z.string().regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, { message: 'Phone number must be 7 to 20 digits' })),
  /** Where to meet the seller; or, instead, `courier`: delivery to an address (issue 45). */
  meetingLocation: text('Meeting location', 2, 120).optional(),
  courier: CourierChoice.optional(),
})
  .refine((booking) => !(booking.courier && booking.meetingLocation), { path: ['courier'], message: 'Choose one: meet the seller or courier delivery' })
  .refine((booking) => Boolean(booking.courier || booking.meetingLocation), { path: ['meetingLocation'], message: 'Meeting location is required' });
export type NewBookingBody = z.input<typeof NewBookingBody>;

/** A paid booking's money, held until the handover (issue 33). */
export const HeldMoney = z.object({
  /** The six digits the buyer tells the seller at the meeting; the buyer's own view only, null once released. */
  handoverCode: z.string().nullable(),
  /** When the money goes to the seller by itself, unless released earlier. */
  releaseAt: z.iso.datetime(),
  releasedAt: z.iso.datetime().nullable(),
  /** Set when the money went back to the buyer (a dispute decided for them). */
  refundedAt: z.iso.datetime().nullable(),
  /** The buyer's dispute, if they opened one. */
  dispute: Dispute.nullable(),
});
export type HeldMoney = z.infer<typeof HeldMoney>;

export const HandoverCodeBody = z.object({
  code: z
    .string({ message: 'Enter the six-digit code' })
    .trim()
    .transform(digitsOf)
    .pipe(z.string().regex(/^\d{6}$/, { message: 'The code is six digits' })),
});
export type HandoverCodeBody = z.infer<typeof HandoverCodeBody>;
export const Released = z.object({ released: z.literal(true) });

/**
 * Whom a buyer calls about the handover: the seller's verified number (issue 46), or, for a listing from before numbers
 * were verified whose seller has none, the number typed on it, marked unverified.
 */
export const SellerContact = z.object({
  name: z.string(),
  phone: z.string(),
  phoneVerified: z.boolean(),
});
export type SellerContact = z.infer<typeof SellerContact>;

export const Booking = z.object({
  _id: Id,
  productId: Id,
  /** The item's name, from the server's records. */
  name: z.string(),
  img: z.string(),
  /** The price this booking is at: the one its buyer agreed with the seller (`agreed`, issue 47), else the asking price. */
  resalePrice: z.number().int(),
  agreed: z.boolean(),
  userName: z.string(),
  /** The buyer's e-mail address; null for an account made by phone. */
  email: z.string().nullable(),
  phone: z.string(),
  meetingLocation: z.string(),
  seller: SellerContact,
  paid: z.boolean(),
  /** Still on sale: false once sold (to anyone) or removed by its seller. */
  available: z.boolean(),
  transactionId: z.string().nullable(),
  /** How a paid booking was paid ('card', 'bkash', or 'cash' at the door); null until it is. */
  paymentMethod: PaidWith.nullable(),
  /** Its money held until the handover; null when unpaid (or paid before money was held). */
  held: HeldMoney.nullable(),
  /**
   * The booking in words for its buyer: waiting for payment, paid, the phone was sold to someone else, the
   * listing was removed by PhoneHaat (the booking is cancelled), its seller took it down, or refunded (money
   * taken after another buyer had paid, and given back).
   */
  state: z.enum(['waiting', 'paid', 'sold-to-other', 'removed', 'withdrawn', 'refunded', 'cash-on-delivery', 'returned']),
  /** Sent by courier (issue 45): `cash-on-delivery` is a booking paid at the door, not yet delivered; `returned` a parcel that came back (nothing charged, or refunded). */
  delivery: BookingDelivery,
  /** The buyer's review of this purchase (paid bookings only; null until they rate the seller). */
  review: OwnReview.nullable(),
  createdAt: z.iso.datetime(),
  /** The phone was checked in its own browser (issue 68): at the handover its buyer may check it is the phone in their hand. */
  phoneTested: z.boolean().optional(),
  /** The buyer's newest check at the handover: the phone tested or not, and what differs. */
  handoverCheck: HandoverCheck.nullish(),
  /** NEIR at the handover (issue 68): each side's step, as recorded. */
  neir: NeirRecord.nullish(),
});
export type Booking = z.infer<typeof Booking>;
export const BookingList = z.array(Booking);

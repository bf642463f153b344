// How a booked phone travels (issue 45): the buyer's address for a courier, a Bangladeshi mobile number, and the
// delivery fee quoted before the buyer confirms. The lists of places are geography.ts (no zod).
import { z } from 'zod';
import { Id, text } from './common.ts';
import { digitsOf } from './digits.ts';
import { DISTRICTS, DIVISIONS, districtOf } from './geography.ts';

/**
 * A Bangladeshi mobile number, as people write it ("01712-345678", "+880 1712 345678", "০১৭১২৩৪৫৬৭৮"), kept as its
 * 11 digits from the leading 0: operators' prefixes 013 to 019.
 */
export const BangladeshMobile = z
  .string({ message: 'Mobile number is required' })
  .trim()
  .min(1, { message: 'Mobile number is required', abort: true })
  .transform((typed) => digitsOf(typed).replace(/^\+?880(?=1)/, '0').replace(/^\+?88(?=01)/, ''))
  .pipe(z.string().regex(/^01[3-9]\d{8}$/, { message: 'Enter a Bangladeshi mobile number, e.g. 01712-345678' }));

const divisionIds = DIVISIONS.map((division) => division.id) as [string, ...string[]];
const districtIds = DISTRICTS.map((district) => district.id) as [string, ...string[]];

export const DeliveryAddress = z
  .object({
    name: text('Name', 3, 100),
    phone: BangladeshMobile,
    division: z.enum(divisionIds, { message: 'Choose a division' }),
    district: z.enum(districtIds, { message: 'Choose a district' }),
    /** Thana, upazila or the part of the city. */
    area: text('Area', 2, 60),
    /** House, road and landmark: the courier's rider reads it (with the area and district within Pathao's 220 characters). */
    street: text('Street address', 10, 120),
  })
  .refine((address) => districtOf(address.district)?.division === address.division, {
    message: 'That district is not in that division',
    path: ['district'],
  });
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;
/** An address as the API answers it: as it was kept (read back, never typed). */
export const KeptAddress = z.object({ name: z.string(), phone: z.string(), division: z.string(), district: z.string(), area: z.string(), street: z.string() });

/** Where the fee is counted from: the courier's price plan has one price inside Dhaka and one outside. */
export const DeliveryZone = z.enum(['inside-dhaka', 'outside-dhaka']);
export type DeliveryZone = z.infer<typeof DeliveryZone>;

export const DeliveryQuoteQuery = z.object({
  productId: z.uuid({ message: 'productId must be a valid product id' }),
  district: z.enum(districtIds, { message: 'Choose a district' }),
});
export type DeliveryQuoteQuery = z.infer<typeof DeliveryQuoteQuery>;

/** What the buyer sees before confirming: the phone, the courier's fee, one total, and whether cash on delivery may be chosen. */
export const DeliveryQuote = z.object({
  productId: Id,
  district: z.string(),
  zone: DeliveryZone,
  /** The phone's price for this buyer: the price they agreed with the seller (`agreed`), else the asking price. */
  price: z.number().int(),
  agreed: z.boolean(),
  deliveryFee: z.number().int(),
  total: z.number().int(),
  cashOnDelivery: z.object({
    /** False above the cap, or for a buyer whose parcels were refused too often (then `reason` says which). */
    allowed: z.boolean(),
    /** The most a parcel may collect in cash. */
    cap: z.number().int(),
    /** Cash on delivery asks the delivery fee online first (a buyer whose cash parcels were refused too often: `reason`). */
    feeFirst: z.boolean(),
    reason: z.enum(['above-cap', 'refused-before']).nullable(),
  }),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuote>;

/** A parcel's statuses in the order they happen; `returning` (a delivery failed) may still end `delivered`. */
export const PARCEL_STATUSES = ['booked', 'picked-up', 'in-transit', 'out-for-delivery', 'returning', 'delivered', 'returned'] as const;
export const ParcelStatus = z.enum(PARCEL_STATUSES);
export type ParcelStatus = z.infer<typeof ParcelStatus>;

/** The seller's pickup point, where the courier collects parcels (kept once, editable). */
export const Pickup = z.object({ address: KeptAddress, courier: z.string() });
export type Pickup = z.infer<typeof Pickup>;
/** The seller's pickup point, or null: none yet (the seller's phones are met in person only). */
export const MaybePickup = Pickup.nullable();

/** How the buyer of a courier booking pays: online now (held as any payment), or cash to the rider. */
export const DeliveryPayment = z.enum(['online', 'cash'], { message: 'Choose how to pay: online now or cash on delivery' });
export type DeliveryPayment = z.infer<typeof DeliveryPayment>;
export const CourierChoice = z.object({ address: DeliveryAddress, payment: DeliveryPayment });
export type CourierChoice = z.input<typeof CourierChoice>;

/**
 * A courier booking's travel, in the booking lists (null: met in person): paid in cash at the door or not, and the
 * parcel's status once it is sent (the steps themselves: `Delivery`).
 */
export const BookingDelivery = z
  .object({
    cashOnDelivery: z.boolean(),
    status: ParcelStatus.nullable(),
    /** The delivery fee quoted when it was booked (taka): paid online with the phone, or in cash to the rider. */
    deliveryFee: z.number().int(),
    /** Cash on delivery with the fee paid online first (a buyer whose cash parcels were refused too often), and whether it is paid. */
    feeFirst: z.boolean(),
    feePaid: z.boolean(),
  })
  .nullable();
export type BookingDelivery = z.infer<typeof BookingDelivery>;

/** A booking's delivery as both sides see it: the address, the fee, and the parcel's steps once it is sent. */
export const Delivery = z.object({
  bookingId: Id,
  address: KeptAddress,
  cashOnDelivery: z.boolean(),
  deliveryFee: z.number().int(),
  /** The phone's price in this booking (an agreed one included, issue 65). */
  price: z.number().int(),
  /** What the rider collects at the door (0: paid online): what the courier is, or will be, asked to collect. */
  cashToCollect: z.number().int(),
  parcel: z
    .object({
      courier: z.string(),
      consignmentId: z.string(),
      status: ParcelStatus,
      cashToCollect: z.number().int(),
      events: z.array(z.object({ status: ParcelStatus, at: z.iso.datetime() })),
    })
    .nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

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
    area: text('Area', 2, 80),
    /** House, road and landmark: the courier's rider reads it (Pathao asks for 10 to 220 characters in all). */
    street: text('Street address', 10, 180),
  })
  .refine((address) => districtOf(address.district)?.division === address.division, {
    message: 'That district is not in that division',
    path: ['district'],
  });
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

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
  price: z.number().int(),
  deliveryFee: z.number().int(),
  total: z.number().int(),
  cashOnDelivery: z.object({
    /** False above the cap, or for a buyer whose parcels were refused too often (then `reason` says which). */
    allowed: z.boolean(),
    /** The most a parcel may collect in cash. */
    cap: z.number().int(),
    /** The delivery fee is paid online first (a buyer who refused parcels before). */
    feeFirst: z.boolean(),
    reason: z.enum(['above-cap', 'refused-before']).nullable(),
  }),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuote>;

import { z } from 'zod';
import { digitsOf } from './digits.ts';
import { text } from './common.ts';
import { MAX_REPORT_NOTE } from './limits.ts';

/** An IMEI is 15 digits: 14 that name the phone and a Luhn check digit (3GPP TS 23.003). */
export const IMEI_DIGITS = 15;

/** Whether a string of digits passes the Luhn check (its last digit checks the others). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right: the check digit as it is, then every second digit doubled (a two-digit result's digits added).
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * An IMEI as a person types it (`*#06#` shows it; spaces and dashes as printed on the box are allowed): 15 digits
 * whose last is their Luhn check digit. Answers the 15 digits alone.
 */
export const Imei = z.preprocess(
  (value) => (typeof value === 'string' ? digitsOf(value) : value),
  z
    .string({ message: `IMEI must be ${IMEI_DIGITS} digits` })
    .regex(/^\d+$/, { message: `IMEI must be ${IMEI_DIGITS} digits` })
    .length(IMEI_DIGITS, { message: `IMEI must be ${IMEI_DIGITS} digits` })
    .refine(luhnValid, { message: 'This IMEI is not valid: check its last digit' }),
);
export type Imei = z.output<typeof Imei>;

/** PUT /addedproducts/:id/imei: its seller adds (or corrects) a listing's IMEI. */
export const ListingImeiBody = z.object({ imei: Imei });
export type ListingImeiBody = z.input<typeof ListingImeiBody>;
/** What the seller is shown once it is kept: the last 4 digits (•••• 4821). */
export const ListingImei = z.object({ imeiLast4: z.string().regex(/^\d{4}$/) });
export type ListingImei = z.infer<typeof ListingImei>;

/** A phone on the blocklist (confirmed stolen): its IMEI's last 4 digits only, why, who and when. */
export const BlockedImei = z.object({
  _id: z.uuid(),
  imeiLast4: z.string(),
  reason: z.string(),
  /** The admin who blocked it (null if they were removed since). */
  blockedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type BlockedImei = z.infer<typeof BlockedImei>;
export const BlockedImeiPage = z.object({
  entries: z.array(BlockedImei),
  total: z.number().int().min(0),
  page: z.number().int(),
  limit: z.number().int(),
});
export type BlockedImeiPage = z.infer<typeof BlockedImeiPage>;

const reason = text('Reason', 3, MAX_REPORT_NOTE);

/** POST /admin/blocked-imeis: an admin blocks a phone by hand (a police report, the owner calling support). */
export const NewBlockedImeiBody = z.object({ imei: Imei, reason });
export type NewBlockedImeiBody = z.input<typeof NewBlockedImeiBody>;
/** DELETE /admin/blocked-imeis/:id: why the phone may be listed again. */
export const UnblockImeiBody = z.object({ reason });
export type UnblockImeiBody = z.input<typeof UnblockImeiBody>;

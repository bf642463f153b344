import { z } from 'zod';

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
  (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value),
  z
    .string({ message: `IMEI must be ${IMEI_DIGITS} digits` })
    .regex(/^\d+$/, { message: `IMEI must be ${IMEI_DIGITS} digits` })
    .length(IMEI_DIGITS, { message: `IMEI must be ${IMEI_DIGITS} digits` })
    .refine(luhnValid, { message: 'This IMEI is not valid: check its last digit' }),
);
export type Imei = z.output<typeof Imei>;

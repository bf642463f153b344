import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const randomAlnum = (length: number): string => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** An id in Stripe's shape: `pi_` and 24 letters or digits. */
export const newId = (prefix: string, length = 24): string => `${prefix}_${randomAlnum(length)}`;

export const unixNow = (): number => Math.floor(Date.now() / 1000);

import { luhnValid } from '@phonehaat/shared-api';

/** A valid IMEI no other test uses: 14 random digits and their Luhn check digit. */
export function newImei(): string {
  const body = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('');
  return `${body}${[...'0123456789'].find((digit) => luhnValid(body + digit))}`;
}

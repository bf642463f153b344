import { createHmac } from 'node:crypto';

/** What the API keeps of an IMEI: a keyed hash to match the same phone, and the last 4 digits to show its seller. */
export interface KeptImei {
  hash: string;
  last4: string;
}

/**
 * IMEIs are kept only as HMAC-SHA256 with the server's secret (decision 023): the 15 digits are never stored, logged
 * or answered, and without the secret the hashes cannot be turned back into IMEIs by trying the ~10^14 possible ones.
 */
export function createImeiKey(secret: string) {
  return {
    /** `imei`: the contract's Imei, 15 digits already checked. */
    keep(imei: string): KeptImei {
      return { hash: createHmac('sha256', secret).update(`imei:${imei}`).digest('base64url'), last4: imei.slice(-4) };
    },
  };
}
export type ImeiKey = ReturnType<typeof createImeiKey>;

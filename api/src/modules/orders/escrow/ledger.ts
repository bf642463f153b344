import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client.ts';
import { ledgerEntries } from '../../../db/schema.ts';

export type Movement = (typeof ledgerEntries.$inferInsert)['movement'];

/** The ledger's accounts (decision 028): where money is, from PhoneHaat's side. */
export const account = {
  /** Money a provider (Stripe, bKash) holds for PhoneHaat: debit when paid in, credit when it leaves. */
  provider: (method: string) => `provider:${method}`,
  /** Cash a courier collected at the door and owes PhoneHaat until it pays its invoice (issue 45): debit when collected. */
  courier: (courierId: string) => `courier:${courierId}`,
  /** Buyers' money held until the handover. */
  held: 'held',
  /** What PhoneHaat owes a seller. */
  seller: (sellerId: string) => `seller:${sellerId}`,
  /** PhoneHaat's fees. */
  fees: 'fees',
  /** PhoneHaat's bank account, where a courier pays its invoices: debit when paid in (issue 45). */
  bank: 'bank',
  /** What couriers kept of the cash they settled (their charges): debit, PhoneHaat's cost. */
  courierCharges: 'courier-charges',
} as const;

/**
 * Posts one movement in the caller's transaction (the state change it records commits with it, or neither does).
 * Lines are [account, poisha], debits positive (a payout's lines name the payout, not a booking); they must sum to zero (and the database checks again at commit).
 */
export async function post(tx: Tx, movement: Movement, bookingId: string | null, lines: [string, number][], payoutId: string | null = null): Promise<void> {
  const nonZero = lines.filter(([, amount]) => amount !== 0);
  if (nonZero.some(([, amount]) => !Number.isSafeInteger(amount))) throw new Error(`ledger ${movement}: amounts must be whole poisha`);
  if (nonZero.reduce((sum, [, amount]) => sum + amount, 0) !== 0) throw new Error(`ledger ${movement}: the lines do not balance`);
  if (nonZero.length === 0) return;
  const posting = randomUUID();
  await tx.insert(ledgerEntries).values(nonZero.map(([name, amount]) => ({ posting, bookingId, payoutId, movement, account: name, amount })));
}

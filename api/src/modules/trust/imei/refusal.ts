import type { Db } from '../../../db/client.ts';
import type { AuditRepository } from '../../../audit/audit.ts';
import { BlockedImeiError, ListedImeiError } from '../repositories/imeis.ts';
import type { KeptImei } from './imei-key.ts';
import { DomainError } from '../../../domain-error.ts';

const refused = (kind: 'conflict' | 'unprocessable', message: string) => new DomainError(kind, message, 'imei');

/**
 * The answer to a listing (new or existing) whose IMEI was refused, or undefined for any other error. Why a phone
 * cannot be listed is not said (decision 023): a thief learns nothing from trying. A phone already on sale is
 * written to the activity log (its last 4 digits only), for the admin to look into.
 */
export async function imeiRefusal(
  error: unknown,
  { db, audit, seller, listing, imei }: { db: Db; audit: AuditRepository; seller: { id: string; name: string }; listing: string; imei: KeptImei },
): Promise<DomainError | undefined> {
  if (error instanceof BlockedImeiError) return refused('unprocessable', 'This phone cannot be listed; contact support');
  if (!(error instanceof ListedImeiError)) return undefined;
  await audit.record(db, {
    actor: seller,
    action: 'refuse-listed-imei',
    target: { type: 'user', id: seller.id, label: `${seller.name}: ${listing} (IMEI •••• ${imei.last4})` },
  });
  return refused('conflict', 'This phone is already listed on PhoneHaat; contact support if it is yours');
}

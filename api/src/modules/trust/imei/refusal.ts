import type { Db } from '../../../db/client.ts';
import { HttpError } from '../../../errors.ts';
import type { AuditRepository } from '../../../audit/audit.ts';
import { BlockedImeiError, ListedImeiError } from '../repositories/imeis.ts';
import type { KeptImei } from './imei-key.ts';

const refused = (status: 409 | 422, message: string) => new HttpError(status, message, [{ field: 'imei', message }]);

/**
 * The answer to a listing (new or existing) whose IMEI was refused, or undefined for any other error. Why a phone
 * cannot be listed is not said (decision 023): a thief learns nothing from trying. A phone already on sale is
 * written to the activity log (its last 4 digits only), for the admin to look into.
 */
export async function imeiRefusal(
  error: unknown,
  { db, audit, seller, listing, imei }: { db: Db; audit: AuditRepository; seller: { id: string; name: string }; listing: string; imei: KeptImei },
): Promise<HttpError | undefined> {
  if (error instanceof BlockedImeiError) return refused(422, 'This phone cannot be listed; contact support');
  if (!(error instanceof ListedImeiError)) return undefined;
  await audit.record(db, {
    actor: seller,
    action: 'refuse-listed-imei',
    target: { type: 'user', id: seller.id, label: `${seller.name}: ${listing} (IMEI •••• ${imei.last4})` },
  });
  return refused(409, 'This phone is already listed on PhoneHaat; contact support if it is yours');
}

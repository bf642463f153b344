import type { NeirRecord } from '@phonehaat/shared-api';
import { conflict, forbidden, invalid, notFound } from '../../../domain-error.ts';
import type { NeirRepository } from '../repositories/neir.ts';

/** What a sale's NEIR steps need: who its parties are. */
interface Parties {
  partiesOf(bookingId: string): Promise<{ buyerId: string; sellerId: string } | undefined>;
}
/** How the API keeps an IMEI (the trust module's key). */
interface ImeiKey {
  keep(imei: string): { hash: string; last4: string };
}

/**
 * NEIR at every handover, done and recorded (issue 68): BTRC's register ties a handset to its owner's NID, so the seller
 * de-registers the phone before it leaves and the buyer checks it (SMS "KYD <IMEI>" to 16002), recording the IMEI the
 * check read, kept as the listing's is (its keyed hash's match and the last 4 digits). Once a side, for a paid sale.
 */
export function createNeirSteps({ escrow, repo, imeiKey }: { escrow: Parties; repo: NeirRepository; imeiKey: ImeiKey }) {
  return {
    async record(bookingId: string, callerId: string, imei: string | undefined): Promise<NeirRecord> {
      const parties = await escrow.partiesOf(bookingId);
      if (!parties) throw notFound('Booking');
      const side = callerId === parties.buyerId ? 'buyer' : callerId === parties.sellerId ? 'seller' : undefined;
      if (!side) throw forbidden('Only the sale’s buyer and seller record its NEIR steps');
      const sale = await repo.saleOf(bookingId);
      if (!sale?.paid || sale.refunded) throw conflict('NEIR is recorded at the handover of a paid sale');
      if (side === 'buyer' && !imei) throw invalid('Type the IMEI the KYD check read', 'imei');
      if (side === 'seller' && imei) throw invalid("The seller's step is the de-registration: it takes no IMEI", 'imei');
      const kept = imei ? imeiKey.keep(imei) : undefined;
      await repo.record(bookingId, side, kept && { last4: kept.last4, matches: sale.imeiHash ? kept.hash === sale.imeiHash : null });
      return repo.of(bookingId);
    },
  };
}
export type NeirSteps = ReturnType<typeof createNeirSteps>;

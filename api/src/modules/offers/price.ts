import type { KeptFor } from '@phonehaat/shared-api';
import { DomainError } from '../../domain-error.ts';
import { KEPT_FOR_ANOTHER, type OffersRepository, type Reservation } from './repositories/offers.ts';

/** What a buyer is asked to pay for a listing, and whether it is a price they agreed with its seller (issue 47). */
export interface BuyerPrice {
  price: number;
  agreed: boolean;
}

/** A phone kept for another buyer, who agreed a price with its seller: nobody else books it or offers on it meanwhile. */
export class KeptForAnotherBuyer extends DomainError {
  constructor() {
    super('conflict', KEPT_FOR_ANOTHER);
  }
}

/** The rule itself, wherever a buyer books or offers: the one place it is written. */
export function refuseKeptForAnother(kept: Pick<Reservation, 'buyerId'> | undefined, buyerId: string): void {
  if (kept && kept.buyerId !== buyerId) throw new KeptForAnotherBuyer();
}

/**
 * The one place a listing's price for a buyer is decided (issue 65): the accepted offer's while the phone is kept for
 * them, else the asking price; another buyer's reservation refuses them. A booking is made at this price under the
 * listing's lock (repositories/bookings.ts) and keeps it as its `agreed_price`, the record every later step reads.
 */
export function priceFor(listing: { resalePrice: number }, kept: Pick<Reservation, 'buyerId' | 'amount'> | undefined, buyerId: string): BuyerPrice {
  refuseKeptForAnother(kept, buyerId);
  return kept ? { price: kept.amount, agreed: true } : { price: listing.resalePrice, agreed: false };
}

/** What a listing's page says of its reservation to its reader: kept for them (at their price), or for someone else. */
export const keptFor = (kept: Reservation | undefined, readerId: string | undefined): KeptFor | null =>
  kept ? { you: kept.buyerId === readerId, until: kept.until, price: kept.buyerId === readerId ? kept.amount : null } : null;

/** The listing's price for a buyer, its reservation read now. */
export async function buyerPrice(offers: OffersRepository, listing: { id: string; resalePrice: number }, buyerId: string): Promise<BuyerPrice> {
  return priceFor(listing, await offers.reservation(listing.id), buyerId);
}

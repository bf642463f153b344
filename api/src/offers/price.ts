import type { KeptFor } from '@phonehaat/shared-api';
import { conflict } from '../errors.ts';
import { KEPT_FOR_ANOTHER, type OffersRepository, type Reservation } from '../repositories/offers.ts';

/** What a buyer is asked to pay for a listing, and whether it is a price they agreed with its seller (issue 47). */
export interface BuyerPrice {
  price: number;
  agreed: boolean;
}

/**
 * The one place a listing's price for a buyer is decided before a booking exists (issue 65): the accepted offer's while
 * the phone is kept for them, else the asking price; another buyer's reservation refuses them. Once booked, the
 * booking's `agreed_price` is the record every later step reads (repositories/bookings.ts), set from the same
 * reservation under the listing's lock.
 */
export function priceFor(listing: { resalePrice: number }, kept: Reservation | undefined, buyerId: string): BuyerPrice {
  if (kept && kept.buyerId !== buyerId) throw conflict(KEPT_FOR_ANOTHER);
  return kept ? { price: kept.amount, agreed: true } : { price: listing.resalePrice, agreed: false };
}

/** What a listing's page says of its reservation to its reader: kept for them (at their price), or for someone else. */
export const keptFor = (kept: Reservation | undefined, readerId: string | undefined): KeptFor | null =>
  kept ? { you: kept.buyerId === readerId, until: kept.until, price: kept.buyerId === readerId ? kept.amount : null } : null;

/** The listing's price for a buyer, its reservation read now. */
export async function buyerPrice(offers: OffersRepository, listing: { id: string; resalePrice: number }, buyerId: string): Promise<BuyerPrice> {
  return priceFor(listing, await offers.reservation(listing.id), buyerId);
}

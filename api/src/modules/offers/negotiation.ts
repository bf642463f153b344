import { sql } from 'drizzle-orm';
import { MAX_OFFER_ROUNDS, type Message, type NewOfferBody, type Offer, type OfferAnswerBody, type OfferSide, type OfferStepAction, type OfferTermsBody } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../domain-error.ts';
import { notificationEvents } from '../notifications/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { Recorded } from '../notifications/index.ts';
import type { OffersRepository } from './repositories/offers.ts';
import { rows } from '../../db/rows.ts';
import { KeptForAnotherBuyer, refuseKeptForAnother } from './price.ts';
import type { ThreadsRepository } from '../conversations/index.ts';
import type { Hub } from '../conversations/index.ts';

interface Listing {
  id: string;
  name: string;
  sellerId: string;
  sellerName: string;
  resalePrice: number;
  status: string;
  deleted: boolean;
  openToOffers: boolean;
  lowestOffer: number | null;
}

export interface NegotiationOptions {
  db: Db;
  offers: OffersRepository;
  notifier: Pick<Notifier, 'record' | 'announce'>;
  /** Each step is also a line of the pair's conversation, delivered live to both. */
  threads: Pick<ThreadsRepository, 'offerLine'>;
  live: Pick<Hub, 'message'>;
  /** How long each side has to answer (OFFER_ANSWER_HOURS), and how long an accepted price keeps the phone (OFFER_RESERVATION_HOURS). */
  answerHours: number;
  reservationHours: number;
  /** The listings' read caches must forget a reservation's end. */
  onListingChanged(): void;
}

/** A step recorded: its notifications, its conversation line and the pair it goes to. */
interface Told {
  recorded: Recorded;
  line: Message;
  to: string[];
}

const ABOVE_ASKING = 'An offer cannot be above the asking price';
/** Said to a buyer whose amount is below the seller's lowest: the seller is never asked, the lowest never named. */
export const BELOW_LOWEST = 'Thank you: the seller does not take offers this low. You may offer a little more.';

/**
 * Bargaining over a listing (issue 47, decision 039). Every change locks the listing's row first, then the offer, as
 * the settlement does (product, then booking): an acceptance, a sale's payment and a price change are one after another,
 * so a listing is sold once, at a price listed or accepted.
 */
export function createNegotiation({ db, offers, notifier, threads, live, answerHours, reservationHours, onListingChanged }: NegotiationOptions) {
  const answerBy = sql`now() + ${answerHours} * interval '1 hour'`;
  /** An accepted offer's buyer has not paid: no payment, no delivery fee paid first, no parcel on its way. */
  const unpaid = sql`NOT EXISTS (SELECT 1 FROM bookings b WHERE b.product_id = o.product_id AND b.buyer_id = o.buyer_id
    AND (b.paid OR b.fee_paid_at IS NOT NULL OR EXISTS (SELECT 1 FROM parcels pa WHERE pa.booking_id = b.id)))`;

  async function lockListing(tx: Tx, productId: string): Promise<Listing | undefined> {
    const [row] = await rows<Listing>(
      tx,
      sql`SELECT p.id, p.name, p.seller_id AS "sellerId", s.name AS "sellerName", p.resale_price AS "resalePrice", p.status,
            (p.deleted_at IS NOT NULL OR s.deleted_at IS NOT NULL) AS deleted, p.open_to_offers AS "openToOffers", p.lowest_offer AS "lowestOffer"
          FROM products p JOIN users s ON s.id = p.seller_id WHERE p.id = ${productId} FOR UPDATE OF p`,
    );
    return row;
  }

  function assertOnSale(listing: Listing | undefined): asserts listing is Listing {
    if (!listing || listing.deleted) throw notFound('Product');
    if (listing.status === 'sold') throw conflict('This phone has already been sold');
  }

  /**
   * Records a step, tells the other side (PhoneHaat's own steps, both) and writes it as a line of the pair's
   * conversation, in the change's transaction; `announce` delivers both once it is committed.
   */
  async function told(tx: Tx, offerId: string, listing: Listing, buyer: { id: string; name: string }, by: OfferSide | 'phonehaat', action: OfferStepAction, amount: number, note = ''): Promise<Told> {
    await offers.step(tx, offerId, by, action, amount, note);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM offer_steps WHERE offer_id = ${offerId}`);
    const key = `${offerId}:${n}`;
    const toSeller = notificationEvents.offer(key, listing, listing.sellerId, 'seller', action, amount, buyer.name);
    const toBuyer = notificationEvents.offer(key, listing, buyer.id, 'buyer', action, amount, listing.sellerName);
    // A side's step tells the other; PhoneHaat's tell both, but a counter below the seller's lowest, declined for the
    // seller, tells its buyer only (the seller never asked).
    const events = by === 'phonehaat' ? (action === 'declined' ? [toBuyer] : [toSeller, toBuyer]) : by === 'buyer' ? [toSeller] : [toBuyer];
    const line = await threads.offerLine(tx, { productId: listing.id, buyerId: buyer.id, sellerId: listing.sellerId, offer: { offerId, by, action, amount } });
    return { recorded: await notifier.record(tx, events), line, to: [buyer.id, listing.sellerId] };
  }

  async function announce(done: Told | undefined) {
    if (!done) return;
    await notifier.announce(done.recorded);
    await live.message(done.line, done.to);
  }

  return {
    /** A buyer's offer: declined at once, politely, below the seller's lowest; the seller is told otherwise. */
    async make(buyer: { id: string; name: string }, body: NewOfferBody & { note: string }): Promise<{ id: string; declined: boolean }> {
      const done = await db
        .transaction(async (tx) => {
          const listing = await lockListing(tx, body.productId);
          assertOnSale(listing);
          if (listing.sellerId === buyer.id) throw conflict('You cannot make an offer on your own phone');
          if (!listing.openToOffers) throw conflict('This phone is not open to offers');
          if (body.amount > listing.resalePrice) throw invalid(ABOVE_ASKING, 'amount');
          const kept = await offers.reservation(listing.id, tx);
          refuseKeptForAnother(kept, buyer.id);
          const declined = listing.lowestOffer !== null && body.amount < listing.lowestOffer;
          const [row] = await rows<{ id: string }>(
            tx,
            sql`INSERT INTO offers (product_id, buyer_id, amount, expires_at, status) VALUES (${listing.id}, ${buyer.id}, ${body.amount}, ${answerBy}, ${declined ? 'declined' : 'open'}) RETURNING id`,
          );
          if (!row) throw new Error('insert returned no row');
          if (declined) {
            // Politely, at once, between PhoneHaat and the buyer: the seller is not asked, and no conversation is opened.
            await offers.step(tx, row.id, 'buyer', 'offered', body.amount, body.note);
            await offers.step(tx, row.id, 'phonehaat', 'declined', body.amount, '');
            return { id: row.id, declined, told: undefined };
          }
          return { id: row.id, declined, told: await told(tx, row.id, listing, buyer, 'buyer', 'offered', body.amount, body.note) };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'offers_one_live_per_buyer')) throw conflict('You already have an offer on this phone: wait for the answer');
          throw error;
        });
      await announce(done.told);
      return { id: done.id, declined: done.declined };
    },

    /** Accept, decline or counter, by the side whose turn it is (a buyer may withdraw an offer still waiting). */
    async answer(actor: { id: string; name: string }, offerId: string, body: OfferAnswerBody & { note: string }): Promise<void> {
      const productId = await offers.productOf(offerId);
      if (!productId) throw notFound('Offer');
      const done: Told = await db.transaction(async (tx) => {
        const listing = await lockListing(tx, productId);
        const offer = await offers.lock(tx, offerId);
        if (!offer || !listing) throw notFound('Offer');
        const side: OfferSide | null = offer.buyerId === actor.id ? 'buyer' : listing.sellerId === actor.id ? 'seller' : null;
        if (!side) throw forbidden('This offer is not yours to answer');
        if (offer.status === 'expired' || (offer.status === 'open' && offer.expired)) throw conflict('This offer has expired');
        if (offer.status !== 'open') throw conflict('This offer was already answered');
        assertOnSale(listing);
        const [buyerRow] = await rows<{ name: string }>(tx, sql`SELECT name FROM users WHERE id = ${offer.buyerId}`);
        const buyer = { id: offer.buyerId, name: buyerRow?.name ?? '' };
        const withdraw = side === 'buyer' && offer.turn === 'seller' && body.action === 'decline';
        if (offer.turn !== side && !withdraw) throw conflict('This offer waits for the other side to answer');

        if (withdraw) {
          await tx.execute(sql`UPDATE offers SET status = 'withdrawn', updated_at = now() WHERE id = ${offer.id}`);
          return told(tx, offer.id, listing, buyer, 'buyer', 'withdrawn', offer.amount, body.note);
        }
        if (body.action === 'decline') {
          await tx.execute(sql`UPDATE offers SET status = 'declined', updated_at = now() WHERE id = ${offer.id}`);
          return told(tx, offer.id, listing, buyer, side, 'declined', offer.amount, body.note);
        }
        if (body.action === 'accept') {
          const kept = await offers.reservation(listing.id, tx);
          if (kept) throw new KeptForAnotherBuyer();
          await tx.execute(
            sql`UPDATE offers SET status = 'accepted', reserved_until = now() + ${reservationHours} * interval '1 hour', updated_at = now() WHERE id = ${offer.id}`,
          );
          // A booking the buyer made before is paid at the agreed price (one sent by courier already keeps its price).
          await tx.execute(sql`UPDATE bookings b SET agreed_price = ${offer.amount}
            WHERE b.product_id = ${listing.id} AND b.buyer_id = ${offer.buyerId} AND NOT b.paid AND b.cancelled_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM parcels pa WHERE pa.booking_id = b.id) AND b.fee_paid_at IS NULL`);
          onListingChanged();
          return told(tx, offer.id, listing, buyer, side, 'accepted', offer.amount, body.note);
        }
        // A counter.
        const amount = body.amount!;
        if (offer.round >= MAX_OFFER_ROUNDS) throw conflict('This is the last round: accept or decline it');
        if (amount > listing.resalePrice) throw invalid(ABOVE_ASKING, 'amount');
        if (side === 'seller' && amount <= offer.amount) throw invalid("A counter-offer must be above the buyer's offer", 'amount');
        if (side === 'buyer' && amount >= offer.amount) throw invalid("A counter-offer must be below the seller's", 'amount');
        if (side === 'buyer' && listing.lowestOffer !== null && amount < listing.lowestOffer) {
          await tx.execute(sql`UPDATE offers SET status = 'declined', amount = ${amount}, round = round + 1, updated_at = now() WHERE id = ${offer.id}`);
          await offers.step(tx, offer.id, 'buyer', 'countered', amount, body.note);
          return told(tx, offer.id, listing, buyer, 'phonehaat', 'declined', amount);
        }
        await tx.execute(sql`UPDATE offers SET amount = ${amount}, round = round + 1, turn = ${side === 'buyer' ? 'seller' : 'buyer'},
          expires_at = ${answerBy}, updated_at = now() WHERE id = ${offer.id}`);
        return told(tx, offer.id, listing, buyer, side, 'countered', amount, body.note);
      });
      await announce(done);
    },

    async list(userId: string, filter: { as?: OfferSide; productId?: string }): Promise<Offer[]> {
      return offers.list(userId, filter);
    },

    async one(userId: string, id: string): Promise<Offer> {
      const offer = await offers.one(userId, id);
      if (!offer) throw notFound('Offer');
      return offer;
    },

    /** Opens a listing to offers or closes it (open offers are then declined, their buyers told). */
    async setTerms(sellerId: string, productId: string, terms: OfferTermsBody & { lowestOffer: number | null }) {
      const recorded = await db.transaction(async (tx) => {
        const listing = await lockListing(tx, productId);
        assertOnSale(listing);
        if (listing.sellerId !== sellerId) throw forbidden('You can only change your own listings');
        if (terms.lowestOffer !== null && terms.lowestOffer > listing.resalePrice) throw invalid('The lowest offer you take cannot be above your asking price', 'lowestOffer');
        await tx.execute(sql`UPDATE products SET open_to_offers = ${terms.openToOffers}, lowest_offer = ${terms.lowestOffer} WHERE id = ${productId}`);
        if (terms.openToOffers) return undefined;
        const open = await rows<{ id: string; buyerId: string; buyerName: string; amount: number }>(
          tx,
          sql`UPDATE offers o SET status = 'declined', updated_at = now() FROM users u
              WHERE o.product_id = ${productId} AND o.status = 'open' AND u.id = o.buyer_id RETURNING o.id, o.buyer_id AS "buyerId", u.name AS "buyerName", o.amount`,
        );
        const all: Told[] = [];
        for (const offer of open) all.push(await told(tx, offer.id, listing, { id: offer.buyerId, name: offer.buyerName }, 'seller', 'declined', offer.amount));
        return all;
      });
      for (const one of recorded ?? []) await announce(one);
      onListingChanged();
      return { _id: productId, openToOffers: terms.openToOffers, lowestOffer: terms.lowestOffer };
    },

    /**
     * The job queue's sweep: offers unanswered in time expire (both sides told); accepted prices not paid in time (no
     * parcel sent, no fee paid first) lapse, the phone back on sale for everyone and the booking back at the listed price.
     * Each an idempotent update of rows still in that state, so a second instance or a retry finds nothing to do.
     */
    async sweep(): Promise<number> {
      const due = await rows<{ id: string; productId: string }>(
        db,
        sql`SELECT o.id, o.product_id AS "productId" FROM offers o
            WHERE (o.status = 'open' AND o.expires_at <= now()) OR (o.status = 'accepted' AND o.reserved_until <= now() AND ${unpaid})
            ORDER BY o.updated_at LIMIT 200`,
      );
      let changed = 0;
      for (const { id, productId } of due) {
        const recorded = await db.transaction(async (tx) => {
          const listing = await lockListing(tx, productId);
          const offer = await offers.lock(tx, id);
          if (!listing || !offer) return undefined;
          const [buyerRow] = await rows<{ name: string }>(tx, sql`SELECT name FROM users WHERE id = ${offer.buyerId}`);
          const buyer = { id: offer.buyerId, name: buyerRow?.name ?? '' };
          const [expired] = await rows<{ id: string }>(tx, sql`UPDATE offers SET status = 'expired', updated_at = now() WHERE id = ${id} AND status = 'open' AND expires_at <= now() RETURNING id`);
          if (expired) return told(tx, id, listing, buyer, 'phonehaat', 'expired', offer.amount);
          const [lapsed] = await rows<{ id: string }>(
            tx,
            sql`UPDATE offers o SET status = 'lapsed', updated_at = now() WHERE o.id = ${id} AND o.status = 'accepted' AND o.reserved_until <= now() AND ${unpaid} RETURNING o.id`,
          );
          if (!lapsed) return undefined;
          await tx.execute(sql`UPDATE bookings SET agreed_price = NULL WHERE product_id = ${productId} AND buyer_id = ${offer.buyerId} AND NOT paid`);
          return told(tx, id, listing, buyer, 'phonehaat', 'lapsed', offer.amount);
        });
        if (recorded) {
          changed += 1;
          await announce(recorded);
        }
      }
      if (changed) onListingChanged();
      return changed;
    },
  };
}
export type Negotiation = ReturnType<typeof createNegotiation>;

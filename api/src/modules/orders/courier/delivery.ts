// Courier delivery (issue 45): the fee quoted before a buyer confirms, the seller's pickup point, the parcel booked
// when the seller sends it, and every step the courier reports — by webhook, or by asking when webhooks are lost —
// applied once and only forward.
import { sql } from 'drizzle-orm';
import type { BuyerPrice } from '../../offers/index.ts';
import type { DeliveryAddress, DeliveryQuote, Delivery as DeliveryView, Pickup } from '@phonehaat/shared-api';
import { districtOf } from '@phonehaat/shared-api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../errors.ts';
import { conflict, forbidden, invalid, notFound, unauthenticated, unavailable } from '../../../domain-error.ts';
import type { Applied, ParcelsRepository } from '../repositories/parcels.ts';
import { rows } from '../../../db/rows.ts';
import { notificationEvents } from '../../notifications/index.ts';
import type { Notifier } from '../../notifications/index.ts';
import type { CashCollection } from './cash.ts';
import { createInbox } from './inbox.ts';
import type { ReturnRefunds } from './returns.ts';
import { CourierError, WebhookRefused, type Courier, type CourierUpdate, type ParcelStatus } from './types.ts';

export interface DeliveryPolicy {
  /** The most cash a parcel may collect, in taka. */
  codCap: number;
  /** Refused cash-on-delivery parcels a buyer may have before paying online. */
  refusalsAllowed: number;
  pollAfterSeconds: number;
}

const unreachable = (error: unknown) => {
  if (error instanceof CourierError) return unavailable('The courier could not be reached: try again in a moment');
  return error;
};

interface Listing {
  id: string;
  sellerId: string;
  resalePrice: number;
  status: string;
  deletedAt: Date | null;
}

export interface DeliveryDeps {
  db: Db;
  courier: Courier;
  parcels: ParcelsRepository;
  policy: DeliveryPolicy;
  notifier: Pick<Notifier, 'send'>;
  /** Holds the sale of a delivered cash parcel. */
  cash: CashCollection;
  /** Refunds the buyer of a prepaid parcel that came back. */
  returns: ReturnRefunds;
  /** A listing went off sale or back on it (the read caches must forget it). */
  onListingChanged(): void;
  log: FastifyBaseLogger;
}

/** What the rider collects at the door: the booking's price (an agreed one included), with the fee unless it was paid online first. */
const cashToCollect = (booking: { cash: boolean; price: number; fee: number; feePaid: boolean }) => (booking.cash ? booking.price + (booking.feePaid ? 0 : booking.fee) : 0);

/** Tells the buyer and the seller of a parcel's step (each step once); a failure is logged, the step stays recorded. */
async function tell({ db, notifier, log }: Pick<DeliveryDeps, 'db' | 'notifier' | 'log'>, bookingId: string, step: ParcelStatus) {
  try {
    const [row] = await rows<{ buyerId: string; sellerId: string; productId: string; name: string }>(
      db,
      sql`SELECT b.buyer_id AS "buyerId", p.seller_id AS "sellerId", p.id AS "productId", p.name FROM bookings b JOIN products p ON p.id = b.product_id WHERE b.id = ${bookingId}`,
    );
    if (row) await notifier.send(notificationEvents.parcel(bookingId, { id: row.productId, name: row.name, sellerId: row.sellerId }, row.buyerId, step));
  } catch (error) {
    log.warn({ err: error, bookingId, step }, "could not tell a parcel's step");
  }
}

/** How many of a buyer's cash-on-delivery parcels came back refused. */
async function refusals(db: Db, buyerId: string): Promise<number> {
  const [row] = await rows<{ refused: number }>(
    db,
    sql`SELECT count(*)::int AS refused FROM parcels p JOIN bookings b ON b.id = p.booking_id
        WHERE b.buyer_id = ${buyerId} AND b.cash_on_delivery AND p.status = 'returned'`,
  );
  return row?.refused ?? 0;
}

/**
 * Phones of cash parcels that came back and are still off sale (their return's follow-up was lost): on sale again,
 * unless the phone was since sold or another parcel of it travels. Whether any was.
 */
async function putReturnedBackOnSale(db: Db): Promise<boolean> {
  const put = await rows<{ id: string }>(
    db,
    sql`UPDATE products SET status = 'available' WHERE products.status = 'sold' AND products.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM bookings b JOIN parcels pa ON pa.booking_id = b.id WHERE b.product_id = products.id AND b.cash_on_delivery AND pa.status = 'returned')
          AND NOT EXISTS (SELECT 1 FROM bookings o WHERE o.product_id = products.id AND o.paid)
          AND NOT EXISTS (SELECT 1 FROM bookings o JOIN parcels op ON op.booking_id = o.id WHERE o.product_id = products.id AND op.status <> 'returned')
        RETURNING products.id`,
  );
  return put.length > 0;
}

/** The phone of an unpaid (cash on delivery) parcel that came back is on sale again; nothing was charged. Whether it was. */
async function backOnSale(db: Db, bookingId: string): Promise<boolean> {
  const put = await rows<{ id: string }>(
    db,
    sql`UPDATE products SET status = 'available' FROM bookings b WHERE b.id = ${bookingId} AND products.id = b.product_id
          AND b.cash_on_delivery AND NOT b.paid AND products.deleted_at IS NULL RETURNING products.id`,
  );
  return put.length > 0;
}

export function createDelivery({ db, courier, parcels, policy, notifier, cash, returns, onListingChanged, log }: DeliveryDeps) {
  /** `priced`: the phone's price for this buyer (offers/price.ts): an agreed price is what the courier collects. */
  async function quote(buyerId: string, listing: Listing, district: string, priced: BuyerPrice): Promise<DeliveryQuote> {
    if (listing.deletedAt) throw notFound('Product');
    if (listing.status === 'sold') throw conflict('This phone has already been sold');
    const pickup = await parcels.pickupOf(listing.sellerId);
    if (!pickup) throw conflict('This seller does not send phones by courier yet: meet the seller instead');
    const deliveryFee = await courier.quote(pickup.storeId, district).catch((error: unknown) => {
      throw unreachable(error);
    });
    const total = priced.price + deliveryFee;
    const refused = await refusals(db, buyerId);
    const reason = total > policy.codCap ? 'above-cap' : refused > policy.refusalsAllowed ? 'refused-before' : null;
    return {
      productId: listing.id,
      district,
      zone: districtOf(district)?.id === 'dhaka' && pickup.address.district === 'dhaka' ? 'inside-dhaka' : 'outside-dhaka',
      price: priced.price,
      agreed: priced.agreed,
      deliveryFee,
      total,
      cashOnDelivery: { allowed: reason !== 'above-cap', cap: policy.codCap, feeFirst: reason === 'refused-before', reason },
    };
  }

  /** What steps set off that has not finished yet (the instance waits for it before it closes). */
  const following = new Set<Promise<void>>();

  /**
   * What a step the parcel moved to sets off, in order: a cash parcel delivered holds its sale; one that came back puts
   * its phone on sale again, or, paid online, refunds its buyer; then both sides are told (after the hold: told
   * "delivered", the buyer can confirm).
   */
  async function followStep(bookingId: string, reached: ParcelStatus) {
    if (reached === 'delivered') await cash.collect(bookingId);
    if (reached === 'returned') {
      if (await backOnSale(db, bookingId)) onListingChanged();
      await returns.refundReturned(bookingId);
    }
    await tell({ db, notifier, log }, bookingId, reached);
  }

  /** Sets off what a step the parcel moved to sets off; the instance waits for it before it closes. */
  function followApplied(applied: Applied): Promise<void> | undefined {
    if (!applied.parcel || !applied.reached) return undefined;
    const { bookingId } = applied.parcel;
    const step = applied.reached;
    const followed = followStep(bookingId, step).catch((error: unknown) =>
      log.error({ err: error, bookingId, step }, 'what a parcel step sets off failed: the poll sweeps it'),
    );
    following.add(followed);
    void followed.finally(() => following.delete(followed));
    return followed;
  }

  /** Applies one step asked of the courier (one statement), and waits for what it sets off. */
  async function applyPolled(update: CourierUpdate) {
    const applied = await parcels.apply(db, courier.id, update, 'poll');
    await followApplied(applied);
    return applied;
  }

  /**
   * Steps heard by webhook are kept and answered at once, then applied in batches (the webhook's hot path is one
   * INSERT). Should the instance stop before a batch commits, its steps stay kept for the next drain, here or on
   * another instance; should it stop after, the poll's sweeps finish a hold or a return it missed.
   */
  const inbox = createInbox({
    db,
    courierId: courier.id,
    apply: (tx, update) => parcels.apply(tx, courier.id, update, 'webhook'),
    follow: followApplied,
    log,
  });
  /** Drains the kept steps, the instance waiting for it before it closes. */
  function drainInbox() {
    const drained = inbox.drain();
    following.add(drained);
    void drained.finally(() => following.delete(drained));
    return drained;
  }

  return {
    quote,

    /** Applies the steps kept and waits for what they set off (the server closing). */
    async drain(): Promise<void> {
      await drainInbox();
      while (following.size) await Promise.all(following);
    },

    async pickup(sellerId: string): Promise<Pickup | null> {
      const pickup = await parcels.pickupOf(sellerId);
      return pickup ? { address: pickup.address, courier: pickup.courier } : null;
    },

    /** Keeps the seller's pickup point, made a store on the courier first (a new one whenever the address changes). */
    async savePickup(sellerId: string, address: DeliveryAddress): Promise<Pickup> {
      const kept = await parcels.pickupOf(sellerId);
      const same = kept && kept.courier === courier.id && (Object.keys(address) as (keyof DeliveryAddress)[]).every((field) => kept.address[field] === address[field]);
      const storeId = await courier.ensureStore({ sellerId, address, storeId: same ? kept.storeId : null }).catch((error: unknown) => {
        throw unreachable(error);
      });
      await parcels.savePickup(sellerId, address, courier.id, storeId);
      return { address, courier: courier.id };
    },

    /** A booking's delivery, for its buyer or its seller only. */
    async view(actorId: string, bookingId: string): Promise<DeliveryView> {
      const [booking] = await rows<{ buyerId: string; sellerId: string; address: DeliveryAddress | null; cash: boolean; fee: number | null; price: number; feePaid: boolean }>(
        db,
        sql`SELECT b.buyer_id AS "buyerId", p.seller_id AS "sellerId", b.delivery_address AS address, b.cash_on_delivery AS cash, b.delivery_fee AS fee,
              coalesce(b.agreed_price, p.resale_price) AS price, b.fee_paid_at IS NOT NULL AS "feePaid"
            FROM bookings b JOIN products p ON p.id = b.product_id WHERE b.id = ${bookingId}`,
      );
      if (!booking) throw notFound('Booking');
      if (actorId !== booking.buyerId && actorId !== booking.sellerId) throw forbidden('Only the buyer and the seller see this delivery');
      if (!booking.address || booking.fee === null) throw notFound('Delivery');
      const parcel = await parcels.ofBooking(bookingId);
      return {
        bookingId,
        address: booking.address,
        cashOnDelivery: booking.cash,
        deliveryFee: booking.fee,
        price: booking.price,
        // Once sent, what the courier was asked to collect; before, what it will be asked.
        cashToCollect: parcel ? parcel.cashToCollect : cashToCollect({ ...booking, fee: booking.fee }),
        parcel: parcel ? { courier: parcel.courier, consignmentId: parcel.consignmentId, status: parcel.status, cashToCollect: parcel.cashToCollect, events: parcel.events } : null,
      };
    },

    /**
     * "Send with the courier": the seller's own courier booking becomes a parcel from their pickup point to the
     * buyer's address, collecting the phone's price (and the fee, unless it was paid online first) when the buyer pays on delivery.
     */
    async send(sellerId: string, bookingId: string): Promise<DeliveryView> {
      const [booking] = await rows<{ sellerId: string; name: string; price: number; productStatus: string; deletedAt: Date | null; delivery: string; address: DeliveryAddress | null; cash: boolean; fee: number | null; feeFirst: boolean; feePaid: boolean; paid: boolean; cancelled: boolean }>(
        db,
        sql`SELECT p.seller_id AS "sellerId", p.name, coalesce(b.agreed_price, p.resale_price) AS price, p.status AS "productStatus", p.deleted_at AS "deletedAt", b.delivery,
              b.delivery_address AS address, b.cash_on_delivery AS cash, b.delivery_fee AS fee, b.fee_first AS "feeFirst", b.fee_paid_at IS NOT NULL AS "feePaid",
              b.paid, b.cancelled_at IS NOT NULL AS cancelled
            FROM bookings b JOIN products p ON p.id = b.product_id WHERE b.id = ${bookingId}`,
      );
      if (!booking) throw notFound('Booking');
      if (booking.sellerId !== sellerId) throw forbidden('You can only send phones you sell');
      if (booking.delivery !== 'courier' || !booking.address || booking.fee === null) throw conflict('This booking is met in person, not sent by courier');
      if (booking.cancelled || booking.deletedAt) throw conflict('This booking was cancelled');
      if (!booking.cash && !booking.paid) throw conflict('The buyer has not paid yet: send the phone once they have');
      if (await parcels.ofBooking(bookingId)) throw conflict('This phone was already sent');
      if (booking.cash && booking.feeFirst && !booking.feePaid) throw conflict('The buyer pays the delivery fee online first: send the phone once they have');
      // A buyer who paid the fee first has the phone reserved (off sale); any other cash booking needs it still on sale.
      if (booking.cash && !booking.feePaid && booking.productStatus === 'sold') throw conflict('This phone has already been sold');
      const pickup = await parcels.pickupOf(sellerId);
      if (!pickup) throw conflict('Add your pickup address first: the courier collects the phone there');
      const toCollect = cashToCollect({ ...booking, fee: booking.fee });
      const sent = await courier
        .send({ bookingId, storeId: pickup.storeId, to: booking.address, cashToCollect: toCollect, description: booking.name })
        .catch((error: unknown) => {
          throw unreachable(error);
        });
      try {
        await db.transaction(async (tx) => {
          await parcels.create(tx, { bookingId, courier: courier.id, consignmentId: sent.consignmentId, storeId: pickup.storeId, cashToCollect: toCollect, deliveryFee: sent.deliveryFee });
          // A phone travelling to be paid at the door is off sale: nobody else can buy it meanwhile (a paid one is sold already).
          if (booking.cash) await tx.execute(sql`UPDATE products SET status = 'sold' WHERE id = (SELECT product_id FROM bookings WHERE id = ${bookingId})`);
        });
        if (booking.cash) onListingChanged();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Two sends at once: the courier booked twice, PhoneHaat keeps the first (the other is left on the courier's side, logged).
        log.error({ err: error, bookingId, consignmentId: sent.consignmentId }, 'a second parcel was booked for one booking; it is not tracked');
        throw conflict('This phone was already sent');
      }
      await tell({ db, notifier, log }, bookingId, 'booked');
      return this.view(sellerId, bookingId);
    },

    /** A courier's webhook (answered 202): its integration check answered, a step kept (applied just after), anything else refused or ignored. */
    async webhook(headers: Record<string, string | undefined>, body: string): Promise<{ headers: Record<string, string>; body: { message: string } }> {
      let reading;
      try {
        reading = courier.readWebhook(headers, body);
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        log.warn({ courier: courier.id, reason: error.message }, 'courier webhook refused');
        throw error.statusCode === 401 ? unauthenticated(error.message) : invalid(error.message);
      }
      if (reading.kind === 'integration') return { headers: reading.headers, body: { message: 'Webhook integrated' } };
      if (reading.kind === 'ignored') return { headers: {}, body: { message: `Ignored: ${reading.why}` } };
      await inbox.keep(reading.update);
      void drainInbox();
      return { headers: {}, body: { message: 'Received' } };
    },

    /** Asks the courier about parcels not heard of for a while (webhooks are lost); how many moved. */
    async poll(limit = 50): Promise<number> {
      await drainInbox();
      await cash.sweep();
      if (await putReturnedBackOnSale(db)) onListingChanged();
      await returns.sweep();
      let moved = 0;
      for (const quiet of await parcels.quiet(policy.pollAfterSeconds, limit)) {
        try {
          const update = await courier.status(quiet.consignmentId);
          if ((await applyPolled(update)).reached) moved += 1;
        } catch (error) {
          log.warn({ err: error, consignmentId: quiet.consignmentId }, 'could not ask the courier about a parcel');
        }
      }
      return moved;
    },
  };
}
export type DeliveryService = ReturnType<typeof createDelivery>;

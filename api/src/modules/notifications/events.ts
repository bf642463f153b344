import { paths, type OfferStepAction, type ParcelStatus } from '@phonehaat/shared-api';
import type { NotificationEvent, SharedEvent } from './repositories/notifications.ts';

/** A listing as the words about it need it. */
interface Listing {
  id: string;
  name: string;
  sellerId: string;
}

// Each event's notifications: who is told, what the words need, where it leads, and what makes it the same event.
export const notificationEvents = {
  /** `at`: the price booked at, and whether it is one the seller agreed (an accepted offer, issue 65). */
  booked: (bookingId: string, listing: Listing, buyerName: string, at: { price: number; agreed: boolean }): NotificationEvent => ({
    userId: listing.sellerId,
    kind: 'booked',
    params: { productId: listing.id, productName: listing.name, who: buyerName, amount: at.price, agreed: at.agreed },
    link: paths.myProducts,
    eventKey: `booked:${bookingId}`,
  }),

  /** A sale tells both sides: the seller the sale's amount, the buyer what they paid (with a delivery fee paid alongside). */
  paid: (bookingId: string, listing: Listing, buyerId: string, amount: number, buyerPaid = amount): NotificationEvent[] => [
    { userId: listing.sellerId, kind: 'paid', params: { productId: listing.id, productName: listing.name, amount, role: 'seller' }, link: paths.myProducts, eventKey: `paid:${bookingId}` },
    { userId: buyerId, kind: 'paid', params: { productId: listing.id, productName: listing.name, amount: buyerPaid, role: 'buyer' }, link: paths.myOrders, eventKey: `paid:${bookingId}` },
  ],

  /** A held sale's money went to its seller (issue 33): `amount` what the seller receives, in Taka (to the poisha). */
  released: (bookingId: string, listing: Listing, buyerId: string, amount: number): NotificationEvent[] => [
    { userId: listing.sellerId, kind: 'released', params: { productId: listing.id, productName: listing.name, amount, role: 'seller' }, link: paths.myProducts, eventKey: `released:${bookingId}` },
    { userId: buyerId, kind: 'released', params: { productId: listing.id, productName: listing.name, role: 'buyer' }, link: paths.myOrders, eventKey: `released:${bookingId}` },
  ],

  /** The buyer disputed a held sale: both sides hear it (`reason`: the dispute's reason key). */
  disputed: (bookingId: string, listing: Listing, buyerId: string, reason: string): NotificationEvent[] => [
    { userId: listing.sellerId, kind: 'disputed', params: { productId: listing.id, productName: listing.name, reason, role: 'seller' }, link: paths.myProducts, eventKey: `disputed:${bookingId}` },
    { userId: buyerId, kind: 'disputed', params: { productId: listing.id, productName: listing.name, reason, role: 'buyer' }, link: paths.myOrders, eventKey: `disputed:${bookingId}` },
  ],

  /** The admin decided a dispute, with a reason both sides read; `amount` refunded (Taka), when refunded. */
  disputeDecided: (bookingId: string, listing: Listing, buyerId: string, outcome: 'refunded' | 'released', reason: string, amount: number | null): NotificationEvent[] =>
    (['seller', 'buyer'] as const).map((role) => ({
      userId: role === 'seller' ? listing.sellerId : buyerId,
      kind: 'dispute-decided' as const,
      params: { productId: listing.id, productName: listing.name, outcome, reason, role, ...(amount === null ? {} : { amount }) },
      link: role === 'seller' ? paths.earnings : paths.myOrders,
      eventKey: `dispute-decided:${bookingId}`,
    })),

  /** A courier parcel took a step (issue 45): both sides are told, each step once. */
  parcel: (bookingId: string, listing: Listing, buyerId: string, step: ParcelStatus): NotificationEvent[] =>
    (['seller', 'buyer'] as const).map((role) => ({
      userId: role === 'seller' ? listing.sellerId : buyerId,
      kind: 'parcel' as const,
      params: { productId: listing.id, productName: listing.name, role, step },
      link: role === 'seller' ? paths.myProducts : paths.myOrders,
      eventKey: `parcel:${bookingId}:${step}`,
    })),

  /**
   * A step of a negotiation (issue 47), told to the other side (`role`: the side told); `key` makes the step itself,
   * `amount` the amount on the table after it.
   */
  offer: (key: string, listing: Listing, userId: string, role: 'buyer' | 'seller', step: OfferStepAction, amount: number, who: string): NotificationEvent => ({
    userId,
    kind: 'offer',
    params: { productId: listing.id, productName: listing.name, role, offerStep: step, amount, who },
    link: paths.offers,
    eventKey: `offer:${key}`,
  }),

  /** A cash-on-delivery buyer paid the delivery fee first (issue 45): the seller may send the phone (`amount` in Taka). */
  feePaid: (bookingId: string, listing: Listing, amount: number): NotificationEvent => ({
    userId: listing.sellerId,
    kind: 'fee-paid',
    params: { productId: listing.id, productName: listing.name, amount },
    link: paths.myProducts,
    eventKey: `fee-paid:${bookingId}`,
  }),

  /** A payout reached the seller's wallet (`amount` in Taka, to the poisha). */
  paidOut: (payoutId: string, sellerId: string, amount: number): NotificationEvent => ({
    userId: sellerId,
    kind: 'paid-out',
    params: { amount },
    link: paths.earnings,
    eventKey: `paid-out:${payoutId}`,
  }),

  /** Everyone else who booked a phone that was just sold. */
  soldElsewhere: (listing: Listing, bookerIds: string[]): NotificationEvent[] =>
    bookerIds.map((userId) => ({
      userId,
      kind: 'sold-elsewhere',
      params: { productId: listing.id, productName: listing.name },
      link: paths.myOrders,
      eventKey: `sold:${listing.id}`,
    })),

  refunded: (paymentIntentId: string, buyerId: string, listing: Listing, amount: number, reason: string): NotificationEvent => ({
    userId: buyerId,
    kind: 'refunded',
    params: { productId: listing.id, productName: listing.name, amount, reason },
    link: paths.myOrders,
    eventKey: `refunded:${paymentIntentId}`,
  }),

  /** PhoneHaat removed a listing: its seller learns why; whoever had booked it, that it is gone. */
  removed: (listing: Listing, reason: string, bookerIds: string[]): NotificationEvent[] => [
    { userId: listing.sellerId, kind: 'your-listing-removed', params: { productId: listing.id, productName: listing.name, reason }, link: paths.myProducts, eventKey: `removed:${listing.id}` },
    ...notificationEvents.gone(listing, bookerIds),
  ],

  /** A listing PhoneHaat removed, to whoever had booked it (also when it went with its removed seller). */
  gone: (listing: Listing, bookerIds: string[]): NotificationEvent[] =>
    bookerIds.map((userId) => ({
      userId,
      kind: 'listing-removed' as const,
      params: { productId: listing.id, productName: listing.name },
      link: paths.myOrders,
      eventKey: `removed:${listing.id}`,
    })),

  verified: (sellerId: string): NotificationEvent => ({ userId: sellerId, kind: 'verified', params: {}, link: paths.myProducts, eventKey: 'verified' }),

  message: (messageId: string, threadId: string, recipientId: string, senderName: string, productName: string): NotificationEvent => ({
    userId: recipientId,
    kind: 'message',
    params: { who: senderName, productName },
    link: paths.inbox(threadId),
    eventKey: `message:${messageId}`,
  }),

  /** A saved search found a new phone (notified at once; e-mailed in the day's digest). */
  /** A new listing that saved searches found: each search's owner told, its name in the words (filled in per search). */
  savedSearchFound: (listing: Listing): SharedEvent => ({
    kind: 'saved-search',
    params: { count: 1, productId: listing.id, productName: listing.name },
    link: paths.product(listing.id),
    eventKey: `saved-search:{key}:${listing.id}`,
  }),

  /** A watched phone is cheaper now. */
  priceDrop: (listing: { id: string; name: string }, watcherIds: string[], oldPrice: number, newPrice: number, changedAt: Date): NotificationEvent[] =>
    watcherIds.map((userId) => ({
      userId,
      kind: 'price-drop',
      params: { productId: listing.id, productName: listing.name, oldPrice, newPrice },
      link: paths.product(listing.id),
      eventKey: `price:${listing.id}:${changedAt.getTime()}`,
    })),

  /** A watched phone was sold (to someone else). */
  watchedSold: (listing: Listing, watcherIds: string[]): NotificationEvent[] =>
    watcherIds.map((userId) => ({
      userId,
      kind: 'watched-sold',
      params: { productId: listing.id, productName: listing.name },
      link: paths.product(listing.id),
      eventKey: `sold:${listing.id}`,
    })),
};

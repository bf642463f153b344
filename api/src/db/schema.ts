import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DeliveryAddress, DeviceFacts, HandoverComparison, MessageOffer, ScamKind, StepResult } from '@phonehaat/shared-api';

// The typed mirror of migrations/*.sql (the migrations are the source of truth; test/db.test.ts
// checks that every column named here exists in the migrated database).

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: id(),
  firebaseUid: text('firebase_uid'),
  name: text('name').notNull(),
  email: text('email'),
  role: text('role', { enum: ['Buyer', 'Seller', 'admin'] }).notNull(),
  verified: boolean('verified').notNull().default(false),
  /** The language they last used PhoneHaat in: their e-mails are written in it. */
  language: text('language', { enum: ['en', 'bn'] }).notNull().default('en'),
  /** Their reviews' stars summed, and how many (reviews not removed; a trigger keeps them, migration 0013). */
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  /** Their phone number (E.164), proved with a one-time code, and when (issue 46, migration 0028). */
  phone: text('phone'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
});

export const brands = pgTable('brands', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const products = pgTable('products', {
  id: id(),
  sellerId: uuid('seller_id').notNull(),
  brandId: uuid('brand_id').notNull(),
  name: text('name').notNull(),
  img: text('img').notNull(),
  condition: text('condition', { enum: ['Excellent', 'Good', 'Fair'] }).notNull(),
  resalePrice: integer('resale_price').notNull(),
  originalPrice: integer('original_price').notNull(),
  usedYear: smallint('used_year').notNull(),
  phone: text('phone').notNull(),
  location: text('location').notNull(),
  description: text('description').notNull().default(''),
  status: text('status', { enum: ['available', 'sold'] }).notNull().default('available'),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  /** Set when PhoneHaat removed the listing (deletedAt is set too); its seller is shown it. */
  removalReason: text('removal_reason'),
  /** Null until the listing was matched against the saved searches (the matching's outbox). */
  matchedAt: timestamp('matched_at', { withTimezone: true, mode: 'date' }),
  /** The IMEI kept (migration 0012): its keyed hash and last 4 digits, never the digits themselves. */
  imeiHash: text('imei_hash'),
  imeiLast4: text('imei_last4'),
  /** Another website's image URL the listing once had (migration 0020): kept for the record, never shown. */
  outsideImg: text('outside_img'),
  /** Bargaining (issue 47, migration 0034): open to offers, and the lowest the seller takes (never shown to buyers). */
  openToOffers: boolean('open_to_offers').notNull().default(false),
  lowestOffer: integer('lowest_offer'),
  /** When what its page shows last changed (migration 0036: a trigger keeps it). */
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** When what describes the phone itself last changed (issue 68, migration 0038: a trigger keeps it). */
  describedAt: timestamp('described_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Priced far below the guide by a new seller (issue 70, migration 0042): 'pending' until an admin has looked. */
  priceReview: text('price_review').$type<'pending' | 'cleared'>(),
  priceReviewLow: integer('price_review_low'),
  priceReviewHigh: integer('price_review_high'),
});

/** The share image drawn for a listing's page in one language (issue 48, migration 0036): its version and file key. */
export const shareImages = pgTable(
  'share_images',
  {
    productId: uuid('product_id').notNull(),
    language: text('language', { enum: ['en', 'bn'] }).notNull(),
    version: text('version').notNull(),
    key: text('key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.language] })],
);

export const advertisements = pgTable('advertisements', {
  productId: uuid('product_id').primaryKey(),
  createdAt: createdAt(),
});

export const bookings = pgTable('bookings', {
  id: id(),
  productId: uuid('product_id').notNull(),
  buyerId: uuid('buyer_id').notNull(),
  phone: text('phone').notNull(),
  meetingLocation: text('meeting_location').notNull(),
  paid: boolean('paid').notNull().default(false),
  paymentIntentId: text('payment_intent_id'),
  createdAt: createdAt(),
  /** Set when PhoneHaat removed the listing before this booking was paid. */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  /** Held until the handover (migration 0017): since when the sale's money is held, and when and why it was released. */
  heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }),
  releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  releaseReason: text('release_reason', { enum: ['buyer', 'code', 'auto', 'admin', 'before-escrow'] }),
  handoverCode: text('handover_code'),
  handoverTries: smallint('handover_tries').notNull().default(0),
  /** PhoneHaat's fee in poisha, fixed when the sale was paid. */
  fee: integer('fee'),
  /** Set when a held sale's money went back to the buyer (a dispute the admin decided for the buyer; migration 0018). */
  refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  /** Met in person, or sent by courier to an address with its fee quoted then, paid online or in cash (migration 0021). */
  delivery: text('delivery', { enum: ['meet', 'courier'] }).notNull().default('meet'),
  deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
  cashOnDelivery: boolean('cash_on_delivery').notNull().default(false),
  deliveryFee: integer('delivery_fee'),
  /** Cash on delivery with the delivery fee paid online first (a buyer refused at the door too often; migration 0027), and when it was. */
  feeFirst: boolean('fee_first').notNull().default(false),
  feePaidAt: timestamp('fee_paid_at', { withTimezone: true, mode: 'date' }),
  /** The price of an accepted offer (issue 47): what this booking is paid at instead of the listing's price. */
  agreedPrice: integer('agreed_price'),
});

export const offers = pgTable('offers', {
  id: id(),
  productId: uuid('product_id').notNull(),
  buyerId: uuid('buyer_id').notNull(),
  amount: integer('amount').notNull(),
  round: smallint('round').notNull().default(1),
  turn: text('turn', { enum: ['buyer', 'seller'] }).notNull().default('seller'),
  status: text('status', { enum: ['open', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed'] }).notNull().default('open'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  reservedUntil: timestamp('reserved_until', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const offerSteps = pgTable('offer_steps', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  offerId: uuid('offer_id').notNull(),
  bySide: text('by_side', { enum: ['buyer', 'seller', 'phonehaat'] }).notNull(),
  action: text('action', { enum: ['offered', 'countered', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed', 'sold-elsewhere'] }).notNull(),
  amount: integer('amount'),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});

export const payments = pgTable('payments', {
  id: id(),
  bookingId: uuid('booking_id').notNull(),
  transactionId: text('transaction_id').notNull(),
  /** The sale's amount, held for the seller (poisha). */
  amount: integer('amount').notNull(),
  /** The delivery fee taken online with it (a courier booking paid online; poisha), owed to the courier. */
  deliveryFee: integer('delivery_fee').notNull().default(0),
  currency: text('currency').notNull(),
  /** 'card' or a wallet's method id ('bkash'). */
  method: text('method').notNull().default('card'),
  createdAt: createdAt(),
});

export const refunds = pgTable('refunds', {
  id: id(),
  bookingId: uuid('booking_id').notNull(),
  /** The provider's payment: a Stripe PaymentIntent or a wallet's payment id. */
  providerPaymentId: text('provider_payment_id').notNull(),
  refundId: text('refund_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull(),
  method: text('method').notNull().default('card'),
  createdAt: createdAt(),
  /** As the provider tells it (migration 0044): 'processing' until its refund query says 'refunded' (or 'failed'). */
  status: text('status', { enum: ['processing', 'refunded', 'failed'] }).notNull().default('refunded'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
});

/** The double-entry ledger (migration 0017): append-only, poisha, debits positive; each posting sums to zero. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  posting: uuid('posting').notNull(),
  bookingId: uuid('booking_id'),
  movement: text('movement', { enum: ['paid', 'released', 'fee', 'refunded', 'paid_out', 'settled'] }).notNull(),
  account: text('account').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  /** A payout's lines (migration 0018). */
  payoutId: uuid('payout_id'),
});

/** A buyer's dispute of a held sale (migration 0018): one per booking. */
export const disputes = pgTable('disputes', {
  id: id(),
  bookingId: uuid('booking_id').notNull(),
  reason: text('reason', { enum: ['not-as-described', 'seller-no-show', 'neir-blocked', 'not-tested-phone'] }).notNull(),
  note: text('note').notNull().default(''),
  status: text('status', { enum: ['open', 'refunding', 'refunded', 'released'] }).notNull().default('open'),
  decisionReason: text('decision_reason'),
  decidedBy: uuid('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  /** "Not the phone that was tested" (issue 68, migration 0038): the handover's check and its comparison. */
  handoverReportId: uuid('handover_report_id'),
  /** A cash sale's refund (issue 69, migration 0045): the wallet and number the buyer named, confirmed by a code. */
  refundMethod: text('refund_method', { enum: ['bkash', 'nagad'] }),
  refundNumber: text('refund_number'),
  refundConfirmedAt: timestamp('refund_confirmed_at', { withTimezone: true, mode: 'date' }),
  /** When sending a cash refund to that wallet last failed (migration 0046); cleared when the buyer names another. */
  refundFailedAt: timestamp('refund_failed_at', { withTimezone: true, mode: 'date' }),
});

/** Nagad's disbursement batches, one per refund sent through it, by our invoice (migration 0045): a retry goes on with it. */
export const nagadDisbursements = pgTable('nagad_disbursements', {
  invoice: text('invoice').primaryKey(),
  batchId: text('batch_id').notNull(),
  mobileNo: text('mobile_no').notNull(),
  /** Poisha. */
  amount: integer('amount').notNull(),
  stage: text('stage', { enum: ['created', 'filling', 'filled', 'approved'] }).notNull().default('created'),
  status: text('status'),
  /** When a worker claimed the batch to fill it (migration 0047): the others wait for it, or give it up once stale. */
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
});

/** Where a seller is paid out: a bKash number they typed twice (migration 0018). */
export const payoutWallets = pgTable('payout_wallets', {
  sellerId: uuid('seller_id').primaryKey(),
  method: text('method', { enum: ['bkash'] }).notNull().default('bkash'),
  number: text('number').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A payout of what PhoneHaat owes a seller; its id is the provider's idempotency key (migration 0018). */
export const payouts = pgTable('payouts', {
  id: id(),
  sellerId: uuid('seller_id').notNull(),
  method: text('method').notNull(),
  wallet: text('wallet').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['pending', 'sent'] }).notNull().default('pending'),
  transactionId: text('transaction_id'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
});

/** A payment from a mobile wallet (bKash), one row per attempt (migration 0016). */
export const walletPayments = pgTable('wallet_payments', {
  id: id(),
  bookingId: uuid('booking_id').notNull(),
  method: text('method').notNull(),
  providerPaymentId: text('provider_payment_id'),
  redirectUrl: text('redirect_url'),
  amount: integer('amount').notNull(),
  status: text('status', { enum: ['creating', 'open', 'completed', 'failed', 'review', 'refunded'] }).notNull().default('creating'),
  failure: text('failure'),
  transactionId: text('transaction_id'),
  /** Held for an admin's review (migration 0043): why, what the provider confirmed, who decided and when. */
  reviewReason: text('review_reason', { enum: ['risky', 'mismatch'] }),
  confirmedAmount: integer('confirmed_amount'),
  confirmedCurrency: text('confirmed_currency'),
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
});

export const photos = pgTable('photos', {
  id: id(),
  sellerId: uuid('seller_id').notNull(),
  productId: uuid('product_id'),
  position: smallint('position'),
  hash: text('hash').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
  /** Set when the photo shows a dispute (migration 0018) rather than a listing. */
  disputeId: uuid('dispute_id'),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const photoBlobs = pgTable('photo_blobs', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  createdAt: createdAt(),
});

export const reports = pgTable('reports', {
  id: id(),
  productId: uuid('product_id').notNull(),
  /** Who reported it; null: PhoneHaat's own scam rules flagged the message (issue 70, migration 0040). */
  reporterId: uuid('reporter_id'),
  reason: text('reason').notNull(),
  note: text('note').notNull().default(''),
  status: text('status').notNull().default('open'),
  createdAt: createdAt(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  resolvedBy: uuid('resolved_by'),
  /** Set when the report is of a message in a conversation about the listing. */
  messageId: bigint('message_id', { mode: 'number' }),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actorId: uuid('actor_id'),
  actorName: text('actor_name').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: uuid('target_id').notNull(),
  targetLabel: text('target_label').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
});

export const threads = pgTable('threads', {
  id: id(),
  productId: uuid('product_id').notNull(),
  buyerId: uuid('buyer_id').notNull(),
  sellerId: uuid('seller_id').notNull(),
  createdAt: createdAt(),
  lastMessageId: bigint('last_message_id', { mode: 'number' }),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
  lastBuyerMsg: bigint('last_buyer_msg', { mode: 'number' }).notNull().default(0),
  lastSellerMsg: bigint('last_seller_msg', { mode: 'number' }).notNull().default(0),
  buyerSeen: bigint('buyer_seen', { mode: 'number' }).notNull().default(0),
  sellerSeen: bigint('seller_seen', { mode: 'number' }).notNull().default(0),
});

export const messages = pgTable('messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  threadId: uuid('thread_id').notNull(),
  senderId: uuid('sender_id').notNull(),
  clientId: uuid('client_id').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  /** Removed by PhoneHaat after a report: its text is no longer shown. */
  removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  /** A negotiation's step shown in the conversation (issue 47, migration 0035): its facts, worded by each reader's page. */
  offer: jsonb('offer').$type<MessageOffer>(),
  /** The risks the scam rules saw in it (issue 70, migration 0039): its reader is warned. */
  warnings: text('warnings').array().$type<ScamKind[]>().notNull().default(sql`'{}'`),
  /** Written by a sender held for review in a conversation new to them (migration 0041): only its sender sees it. */
  held: boolean('held').notNull().default(false),
});

/** Senders held for review (issue 70, migration 0041): by the scam rules (heldBy null) or an admin; open until released. */
export const senderHolds = pgTable('sender_holds', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  heldBy: uuid('held_by'),
  flaggedPeople: integer('flagged_people').notNull().default(0),
  releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  releasedBy: uuid('released_by'),
});

export const blocks = pgTable('blocks', {
  blockerId: uuid('blocker_id').notNull(),
  blockedId: uuid('blocked_id').notNull(),
  createdAt: createdAt(),
});

export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  link: text('link').notNull(),
  eventKey: text('event_key').notNull(),
  createdAt: createdAt(),
  readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  /** A saved search's match, once the day's digest e-mailed it (migration 0011). */
  digestedAt: timestamp('digested_at', { withTimezone: true, mode: 'date' }),
});

export const emailOutbox = pgTable('email_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').notNull(),
  notificationId: bigint('notification_id', { mode: 'number' }),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
  status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  /** An e-mail, or a push to one device (migration 0037). */
  channel: text('channel', { enum: ['email', 'push'] }).notNull().default('email'),
  pushSubscriptionId: uuid('push_subscription_id'),
});

/** Each device a person gets pushes on (migration 0037). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  device: text('device').notNull().default(''),
  createdAt: createdAt(),
});

export const emailPreferences = pgTable('email_preferences', {
  userId: uuid('user_id').notNull(),
  kind: text('kind').notNull(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Its `anchor` and `match_query` (migration 0011) are kept by the database's trigger and read only by matching. */
export const savedSearches = pgTable('saved_searches', {
  id: id(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  query: text('query').notNull(),
  tsquery: text('tsquery'),
  required: text('required').array().notNull().default(sql`'{}'`),
  brands: uuid('brands').array().notNull().default(sql`'{}'`),
  conditions: text('conditions').array().notNull().default(sql`'{}'`),
  minPrice: integer('min_price'),
  maxPrice: integer('max_price'),
  fromYear: integer('from_year'),
  locationTsquery: text('location_tsquery'),
  verified: boolean('verified').notNull().default(false),
  /** Only phones whose IMEI was checked (migration 0012). */
  imeiChecked: boolean('imei_checked').notNull().default(false),
  /** Only phones whose seller verified their number (issue 46, migration 0029). */
  phoneVerified: boolean('phone_verified').notNull().default(false),
  createdAt: createdAt(),
});

export const watches = pgTable('watches', {
  userId: uuid('user_id').notNull(),
  productId: uuid('product_id').notNull(),
  createdAt: createdAt(),
});

export const reviews = pgTable('reviews', {
  id: id(),
  bookingId: uuid('booking_id').notNull(),
  sellerId: uuid('seller_id').notNull(),
  buyerId: uuid('buyer_id').notNull(),
  productId: uuid('product_id').notNull(),
  stars: smallint('stars').notNull(),
  comment: text('comment').notNull().default(''),
  reply: text('reply'),
  repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  removedReason: text('removed_reason'),
});

/** A check's link (issue 68, migration 0038): kept as its token's hash, opened once within 15 minutes. */
export const deviceChecks = pgTable('device_checks', {
  id: id(),
  tokenHash: text('token_hash').notNull(),
  purpose: text('purpose', { enum: ['listing', 'handover'] }).notNull(),
  productId: uuid('product_id').notNull(),
  bookingId: uuid('booking_id'),
  createdBy: uuid('created_by').notNull(),
  speakerDigits: text('speaker_digits').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/** What a check found, as PhoneHaat recorded and signed it (issue 68, migration 0038). */
export const deviceReports = pgTable('device_reports', {
  id: id(),
  checkId: uuid('check_id').notNull(),
  purpose: text('purpose', { enum: ['listing', 'handover'] }).notNull(),
  productId: uuid('product_id').notNull(),
  bookingId: uuid('booking_id'),
  steps: jsonb('steps').$type<StepResult[]>().notNull(),
  facts: jsonb('facts').$type<DeviceFacts>().notNull(),
  imeiMatches: boolean('imei_matches'),
  lockOff: boolean('lock_off').notNull().default(false),
  seconds: integer('seconds').notNull(),
  listingDescribedAt: timestamp('listing_described_at', { withTimezone: true, mode: 'date' }).notNull(),
  comparedTo: uuid('compared_to'),
  comparison: jsonb('comparison').$type<HandoverComparison>(),
  keyId: text('key_id').notNull(),
  signature: text('signature').notNull(),
  createdAt: createdAt(),
});

/** NEIR at every handover (issue 68, migration 0038): each side's step, the buyer's with the IMEI its KYD check read. */
export const neirSteps = pgTable(
  'neir_steps',
  {
    bookingId: uuid('booking_id').notNull(),
    side: text('side', { enum: ['seller', 'buyer'] }).notNull(),
    imeiLast4: text('imei_last4'),
    imeiMatches: boolean('imei_matches'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.bookingId, table.side] })],
);

export const schema = { users, brands, products, advertisements, bookings, payments, refunds, photos, photoBlobs, reports, auditLog, threads, messages, blocks, notifications, emailOutbox, pushSubscriptions, emailPreferences, savedSearches, watches, reviews, offers, offerSteps, deviceChecks, deviceReports, neirSteps };

import { z } from 'zod';
import { ScamKind } from './conversations.ts';
import { NeirRecord } from './device-checks.ts';
import { Id, Pagination, text } from './common.ts';
import { BookingDelivery } from './delivery.ts';
import { PriceWarning } from './products.ts';
import { MAX_REPORT_NOTE, REPORT_REASONS } from './limits.ts';

export const ReportReason = z.enum(REPORT_REASONS, { message: `reason must be one of: ${REPORT_REASONS.join(', ')}` });

/** POST /reports: any signed-in user but the listing's seller. */
export const NewReportBody = z.object({
  productId: z.uuid({ message: 'productId must be a valid product id' }),
  reason: ReportReason,
  note: z.string().trim().max(MAX_REPORT_NOTE, { message: `Note must be at most ${MAX_REPORT_NOTE} characters` }).default(''),
});
export type NewReportBody = z.input<typeof NewReportBody>;

export const ReportStatus = z.enum(['open', 'dismissed', 'actioned']);
export type ReportStatus = z.infer<typeof ReportStatus>;

/** GET /reports: the open queue, or what was resolved. */
export const ReportsQuery = Pagination.extend({
  status: z.enum(['open', 'resolved'], { message: 'status must be open or resolved' }).default('open'),
});
export type ReportsQuery = z.input<typeof ReportsQuery>;

export const Report = z.object({
  _id: Id,
  reason: ReportReason,
  note: z.string(),
  reporterName: z.string(),
  /** What PhoneHaat's scam rules saw in the message when they, not a person, reported it (issue 70); else empty. */
  flagged: z.array(ScamKind),
  /** A report of a message in a conversation about the listing: the message, quoted (null for the listing itself). */
  message: z
    .object({
      _id: z.string(),
      body: z.string(),
      senderId: Id,
      senderName: z.string(),
      removed: z.boolean(),
      /** Its sender is held for review now (issue 70): their new conversations wait for an admin. */
      senderHeld: z.boolean(),
      /** The conversation around it (issue 70): up to three messages before it, oldest first, to judge it in context. */
      before: z.array(z.object({ senderName: z.string(), body: z.string(), createdAt: z.iso.datetime() })),
    })
    .nullable(),
  status: ReportStatus,
  createdAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type Report = z.infer<typeof Report>;

/** One listing's reports, with what an admin needs to judge it. */
export const ReportGroup = z.object({
  product: z.object({
    _id: Id,
    name: z.string(),
    img: z.string(),
    resalePrice: z.number().int(),
    status: z.enum(['available', 'sold']),
    /** Set once PhoneHaat removed it. */
    removedReason: z.string().nullable(),
    /** Its IMEI's last 4 digits, to judge a "Suspected stolen" report (null: none given, nothing to block). */
    imeiLast4: z.string().nullable(),
    /** Priced far below this range of the price guide by a new seller, waiting for review (issue 70); else null. */
    priceWarning: PriceWarning.nullable(),
  }),
  seller: z.object({
    _id: Id,
    name: z.string(),
    email: z.string().nullable(),
    verified: z.boolean(),
    removed: z.boolean(),
    /** How many of this seller's listings PhoneHaat removed before. */
    removedListings: z.number().int().min(0),
  }),
  count: z.number().int().min(1),
  reports: z.array(Report),
});
export type ReportGroup = z.infer<typeof ReportGroup>;

export const ReportPage = z.object({
  groups: z.array(ReportGroup),
  /** Listings in this list (open: with open reports). */
  total: z.number().int().min(0),
  page: z.number().int(),
  limit: z.number().int(),
  /** Listings with open reports, for the drawer's badge. */
  openCount: z.number().int().min(0),
});
export type ReportPage = z.infer<typeof ReportPage>;

/** DELETE /admin/messages/:id, and the reason of a listing's removal: the seller is shown it. */
export const RemovalReason = z.object({ reason: text('Reason', 3, MAX_REPORT_NOTE) });
export type RemovalReason = z.input<typeof RemovalReason>;

/**
 * DELETE /admin/products/:id. With `stolen`, the admin confirms a "Suspected stolen" report: the listing's IMEI is
 * blocked too, so the phone cannot be listed again.
 */
export const RemoveListingBody = RemovalReason.extend({ stolen: z.boolean().default(false) });
export type RemoveListingBody = z.input<typeof RemoveListingBody>;
/** What a removal did: whether a phone's IMEI went on the blocklist with it. */
export const RemovedListing = z.object({ acknowledged: z.literal(true), imeiBlocked: z.boolean() });
export type RemovedListing = z.infer<typeof RemovedListing>;

export const ProductIdParams = z.object({ productId: Id });

export const AuditAction = z.enum(['verify-seller', 'remove-seller', 'remove-buyer', 'remove-listing', 'dismiss-reports', 'grant-admin', 'remove-message', 'refuse-listed-imei', 'block-imei', 'unblock-imei', 'remove-review', 'refund-dispute', 'release-dispute', 'verify-phone', 'change-phone', 'reset-phone', 'hold-sender', 'release-sender', 'accept-payment', 'refund-payment']);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEntry = z.object({
  _id: z.string(),
  /** "command line" when it came from admin:grant. */
  actorName: z.string(),
  action: AuditAction,
  targetType: z.enum(['user', 'product', 'thread', 'imei', 'review', 'booking']),
  targetId: Id,
  targetLabel: z.string(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), total: z.number().int().min(0), page: z.number().int(), limit: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;
export const AuditQuery = Pagination.extend({ limit: z.coerce.number().int().min(1).max(100).default(25) });

/** GET /addedproducts/:id/bookings: who booked a phone, for its seller (and admins). */
export const ListingBooking = z.object({
  _id: Id,
  /** The buyer, for "Message the buyer" (a conversation about this listing). */
  buyerId: Id,
  buyerName: z.string(),
  /** null: a buyer whose account was made by phone (no e-mail address). */
  buyerEmail: z.string().nullable(),
  phone: z.string(),
  meetingLocation: z.string(),
  /** The price this booking is at (whole Taka): the one the seller agreed with this buyer (`agreed`), else the asking price. */
  price: z.number().int(),
  agreed: z.boolean(),
  /** Sent by courier (issue 45), or null: met in person. */
  delivery: BookingDelivery,
  createdAt: z.iso.datetime(),
  paid: z.boolean(),
  /** Whole Taka paid, and when; null until paid. */
  amount: z.number().int().nullable(),
  paidAt: z.iso.datetime().nullable(),
  cancelled: z.boolean(),
  /**
   * A paid sale's money for its seller (issue 33): PhoneHaat's fee and what the seller receives (Taka, to the poisha),
   * when it is released by itself, and when it was released; whether the buyer disputed it (and it waits for PhoneHaat)
   * or it was refunded to them. Never the buyer's code. Null until paid.
   */
  sale: z
    .object({
      fee: z.number(),
      receives: z.number(),
      releaseAt: z.iso.datetime().nullable(),
      releasedAt: z.iso.datetime().nullable(),
      disputed: z.boolean(),
      refundedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** NEIR at the handover (issue 68): each side's step, as recorded. */
  neir: NeirRecord.nullish(),
});
export type ListingBooking = z.infer<typeof ListingBooking>;
export const ListingBookings = z.array(ListingBooking);

/**
 * A sender held for review (issue 70): by the scam rules, flagged in conversations with `flaggedPeople` different people
 * within a day, or by an admin from a report. What they write in a conversation new to them waits until released.
 */
export const SenderHold = z.object({
  user: z.object({ _id: Id, name: z.string(), email: z.string().nullable(), removed: z.boolean() }),
  heldAt: z.iso.datetime(),
  /** Who held them: the scam rules, or the admin named. */
  heldBy: z.discriminatedUnion('kind', [z.object({ kind: z.literal('rules') }), z.object({ kind: z.literal('admin'), name: z.string() })]),
  flaggedPeople: z.number().int().min(0),
  /** Their messages waiting to be delivered. */
  waiting: z.number().int().min(0),
});
export type SenderHold = z.infer<typeof SenderHold>;
export const SenderHoldList = z.array(SenderHold);
export type SenderHoldList = z.infer<typeof SenderHoldList>;
/** What releasing a sender did: the waiting messages delivered. */
export const ReleasedSender = z.object({ acknowledged: z.literal(true), delivered: z.number().int().min(0) });
export type ReleasedSender = z.infer<typeof ReleasedSender>;

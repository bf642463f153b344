import { z } from 'zod';
import { Id } from './common.ts';
import { languages } from './languages.ts';
import { EMAIL_KINDS } from './limits.ts';
import { ParcelStatus } from './delivery.ts';
import { OfferStepAction } from './offers.ts';

/** Every kind of notification. */
export const NOTIFICATION_KINDS = [
  'booked',
  'paid',
  'sold-elsewhere',
  'refunded',
  'listing-removed',
  'your-listing-removed',
  'verified',
  'message',
  'saved-search',
  'price-drop',
  'watched-sold',
  'released',
  'disputed',
  'dispute-decided',
  'paid-out',
  'parcel',
  'fee-paid',
  'new-sign-in',
  'offer',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The kinds also sent by e-mail; each can be turned off, and each e-mail unsubscribes from its own kind. */
export { EMAIL_KINDS };
export const EmailKind = z.enum(EMAIL_KINDS, { message: 'must be a kind of e-mail' });
export type EmailKind = z.infer<typeof EmailKind>;

/** The facts a notification's words need; which ones depends on its kind. Typed content is shown as typed. */
export const NotificationParams = z.object({
  productId: Id.optional(),
  productName: z.string().optional(),
  /** The other person: who booked, who wrote. */
  who: z.string().optional(),
  /** Why a listing was removed, or a payment refunded (as PhoneHaat wrote it). */
  reason: z.string().optional(),
  /** Taka; to the poisha where a fee was taken (what a seller receives). */
  amount: z.number().optional(),
  /** A booking's amount is the price its seller agreed to (an accepted offer, issue 65). */
  agreed: z.boolean().optional(),
  oldPrice: z.number().int().optional(),
  newPrice: z.number().int().optional(),
  /** How many new phones a saved search has, its name and its id. */
  count: z.number().int().optional(),
  searchName: z.string().optional(),
  searchId: Id.optional(),
  /** For a booking: which side is told (a payment tells both). */
  role: z.enum(['buyer', 'seller']).optional(),
  /** How the admin decided a dispute. */
  outcome: z.enum(['refunded', 'released']).optional(),
  /** A courier parcel's step (issue 45). */
  step: ParcelStatus.optional(),
  /** A negotiation's step (issue 47): offered, countered, accepted, declined, expired… */
  offerStep: OfferStepAction.optional(),
  /** The browser and system a new sign-in came from, as its User-Agent names them (issue 46). */
  device: z.string().optional(),
});
export type NotificationParams = z.infer<typeof NotificationParams>;

/** A bigserial's id as text: at most 18 digits, so always within PostgreSQL's bigint (a 19-digit one may not be; issue 66). */
export const NotificationId = z.string().regex(/^\d{1,18}$/, { message: 'must be a notification id' });

export const Notification = z.object({
  _id: NotificationId,
  kind: NotificationKind,
  params: NotificationParams,
  /** Where it leads: a path of the web app. */
  link: z.string(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

/** GET /notifications: newest first; `before` pages back from a notification's id. */
export const NotificationsQuery = z.object({
  before: NotificationId.optional(),
  limit: z.coerce.number({ message: 'must be a number' }).int().min(1).max(50).default(20),
});
export type NotificationsQuery = z.input<typeof NotificationsQuery>;
export const NotificationPage = z.object({ items: z.array(Notification), hasMore: z.boolean(), unread: z.number().int().min(0) });
export type NotificationPage = z.infer<typeof NotificationPage>;

export const UnreadNotifications = z.object({ count: z.number().int().min(0) });
export type UnreadNotifications = z.infer<typeof UnreadNotifications>;

/** POST /notifications/read: these, or (without ids) all of the caller's. */
export const MarkReadBody = z.object({ ids: z.array(NotificationId).min(1).max(100).optional() });
export type MarkReadBody = z.infer<typeof MarkReadBody>;

/** Which e-mails a person gets, and the language they are written in. */
export const EmailSettings = z.object({
  email: z.record(EmailKind, z.boolean()),
  language: z.enum(languages),
});
export type EmailSettings = z.infer<typeof EmailSettings>;
export const EmailSettingsBody = z.object({ email: z.partialRecord(EmailKind, z.boolean()) });
export type EmailSettingsBody = z.infer<typeof EmailSettingsBody>;

/** POST /unsubscribe (RFC 8058 one-click, and the page's button): the token from the e-mail's link. */
export const UnsubscribeQuery = z.object({ token: z.string().min(1, { message: 'The unsubscribe link is incomplete' }).max(200) });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;
export const Unsubscribed = z.object({ kind: EmailKind, unsubscribed: z.literal(true) });
export type Unsubscribed = z.infer<typeof Unsubscribed>;

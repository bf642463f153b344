import { z } from 'zod';
import { Notification } from './notifications.ts';
import { Id } from './common.ts';
import { MAX_MESSAGE } from './limits.ts';
import { OfferStepAction } from './offers.ts';

// Conversations about a listing (issue 26): one thread per listing and buyer, between the buyer and the listing's seller.

/** A message's id: the server's sequence, as text (it outgrows a JavaScript number one day); the stream resumes after one. */
/** A bigserial's id as text: at most 18 digits, so always within PostgreSQL's bigint (a 19-digit one may not be; issue 66). */
export const MessageId = z.string().regex(/^\d{1,18}$/, { message: 'must be a message id' });
export type MessageId = z.infer<typeof MessageId>;

/**
 * POST /threads: opens (or finds) the conversation about a listing: a buyer's with its seller; or, with `buyerId`, its
 * seller's with a buyer who booked it ("Message the buyer").
 */
export const OpenThreadBody = z.object({
  productId: z.uuid({ message: 'productId must be a valid product id' }),
  buyerId: z.uuid({ message: 'buyerId must be a valid id' }).optional(),
});
export type OpenThreadBody = z.input<typeof OpenThreadBody>;

/** POST /threads/:id/messages. The client makes the id, so a send that is retried is stored once. */
export const SendMessageBody = z.object({
  clientId: z.uuid({ message: 'clientId must be a UUID made by the client' }),
  body: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, { message: 'Message is required' })
    // (U+0000 cannot be stored as text: the API refuses it in every input, before this schema.)
    .max(MAX_MESSAGE, { message: `Message must be at most ${MAX_MESSAGE} characters` }),
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** A negotiation's step as a line of the conversation: who took it, what it was, the amount on the table. */
export const MessageOffer = z.object({ offerId: Id, by: z.enum(['buyer', 'seller', 'phonehaat']), action: OfferStepAction, amount: z.number().int().nullable() });
export type MessageOffer = z.infer<typeof MessageOffer>;

/**
 * What a message risks (issue 70): a one-time code or PIN asked for, a payment or advance outside PhoneHaat, money "sent
 * by mistake" to be sent back, a QR code to "receive" money, a link that is not PhoneHaat's, another app before a booking.
 */
export const ScamKind = z.enum(['code', 'advance', 'mistaken-payment', 'qr', 'link', 'off-platform']);
export type ScamKind = z.infer<typeof ScamKind>;

export const Message = z.object({
  _id: MessageId,
  threadId: Id,
  clientId: Id,
  senderId: Id,
  /** Plain text, as typed: shown as text, never as markup. Empty once PhoneHaat removed the message. */
  body: z.string(),
  createdAt: z.iso.datetime(),
  /** Removed by PhoneHaat after a report. */
  removed: z.boolean(),
  /** A negotiation's step (issue 47): its facts, worded in the reader's language; the body is then empty. */
  offer: MessageOffer.nullable(),
  /** The risks PhoneHaat saw in it (issue 70): its reader is warned under it; it is delivered all the same. */
  warnings: z.array(ScamKind),
  /** Written by a sender PhoneHaat holds for review, in a conversation new to them: only its sender sees it until released. */
  held: z.boolean(),
});
export type Message = z.infer<typeof Message>;

export const MessageIdParams = z.object({ id: MessageId });

/** POST /messages/:id/report: the other person's message, reported to PhoneHaat. */
export const ReportMessageBody = z.object({
  reason: z.enum(['scam', 'offensive', 'other'], { message: 'reason must be one of: scam, offensive, other' }),
  note: z.string().trim().max(500, { message: 'Note must be at most 500 characters' }).default(''),
});
export type ReportMessageBody = z.input<typeof ReportMessageBody>;

/** Why a thread takes no new messages: its phone was sold, or its listing removed; or one of the two blocked the other. */
export const ThreadClosed = z.enum(['sold', 'removed', 'blocked-by-me', 'blocked-by-other']);
export type ThreadClosed = z.infer<typeof ThreadClosed>;

export const Thread = z.object({
  _id: Id,
  /** The caller's side of it. */
  role: z.enum(['buyer', 'seller']),
  listing: z.object({ _id: Id, name: z.string(), img: z.string(), resalePrice: z.number().int() }),
  other: z.object({ _id: Id, name: z.string() }),
  lastMessage: Message.nullable(),
  /** Messages from the other person the caller has not seen. */
  unread: z.number().int().min(0),
  /** The last of the caller's messages the other person has seen ("seen"), if any. */
  seenByOther: MessageId.nullable(),
  closed: ThreadClosed.nullable(),
  createdAt: z.iso.datetime(),
});
export type Thread = z.infer<typeof Thread>;
export const ThreadList = z.array(Thread);

/** GET /threads/:id: the thread and its messages, oldest first; `before` pages back through older ones. */
export const ThreadMessagesQuery = z.object({
  before: MessageId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ThreadMessagesQuery = z.input<typeof ThreadMessagesQuery>;
export const ThreadDetail = z.object({ thread: Thread, messages: z.array(Message), hasOlder: z.boolean() });
export type ThreadDetail = z.infer<typeof ThreadDetail>;

/** POST /threads/:id/seen: the caller has seen the other person's messages up to this one. */
export const SeenBody = z.object({ upTo: MessageId });
export type SeenBody = z.input<typeof SeenBody>;

/** GET /inbox/unread: conversations with messages the caller has not seen (the navbar's count). */
export const UnreadCount = z.object({ threads: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** POST /stream/tickets: a short-lived ticket that opens the caller's event stream (EventSource cannot send headers). */
export const StreamTicket = z.object({ ticket: z.string(), expiresAt: z.iso.datetime() });
export type StreamTicket = z.infer<typeof StreamTicket>;
/** GET /stream: the ticket, and the last message the browser has, to catch up from after a dropped connection. */
export const StreamQuery = z.object({ ticket: z.string().min(1, { message: 'A stream ticket is required' }), after: MessageId.optional() });
export type StreamQuery = z.input<typeof StreamQuery>;

/** What the stream says, as each event's data (the event's name is its type). */
export const StreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: Message }),
  /** `by` has seen the messages of `threadId` up to `upTo`. */
  z.object({ type: z.literal('seen'), threadId: Id, by: Id, upTo: MessageId }),
  /** A new notification for the person (issue 27); the bell counts it. */
  z.object({ type: z.literal('notification'), notification: Notification }),
  /** Caught up: every message after `after` has been sent; live ones follow. */
  z.object({ type: z.literal('ready') }),
]);
export type StreamEvent = z.infer<typeof StreamEvent>;

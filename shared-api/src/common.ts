import { z } from 'zod';

/** Every record id is a UUID; a malformed one is refused with 400 before any query runs. */
export const Id = z.uuid({ message: 'must be a valid id' });
export type Id = z.infer<typeof Id>;

export const Email = z
  .email({ message: 'must be a valid email address' })
  .max(254)
  .transform((email) => email.toLowerCase());

/** Whole Taka, no paisa: the marketplace never quotes fractions. */
export const Taka = z
  .number({ message: 'Enter the amount in taka, e.g. 21,000' })
  .int({ message: 'Enter whole taka, e.g. 21,000' })
  .positive({ message: 'must be more than 0' })
  .max(10_000_000, { message: 'must be at most Tk 10,000,000' });

export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

export const EmailParams = z.object({ email: Email });
export const EmailQuery = z.object({ email: Email });
export type EmailQuery = z.infer<typeof EmailQuery>;
/** `?email=` of the caller's own lists and sign-in: omitted, the caller's own (an account made by phone has none). */
export const OwnEmailQuery = z.object({ email: Email.optional() });
export type OwnEmailQuery = z.input<typeof OwnEmailQuery>;

export const Pagination = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type Pagination = z.infer<typeof Pagination>;

export const Acknowledged = z.object({ acknowledged: z.literal(true) });
export type Acknowledged = z.infer<typeof Acknowledged>;
/** 204 No Content. */
export const NoContent = z.null();
export const Inserted = z.object({ acknowledged: z.literal(true), insertedId: Id });
export type Inserted = z.infer<typeof Inserted>;
export const DeletedCount = z.object({ deletedCount: z.number().int().min(0) });
export type DeletedCount = z.infer<typeof DeletedCount>;
export const ModifiedCount = z.object({ modifiedCount: z.number().int().min(0) });
export type ModifiedCount = z.infer<typeof ModifiedCount>;

/** The one error body of the API: a message for people, the offending fields for forms. */
export const ApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** The request's id, as in the API's logs and its X-Request-Id header: quote it to support. */
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** Free text that must carry something once trimmed. */
export const text = (label: string, min: number, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .min(min, { message: `${label} must be at least ${min} characters` })
    .max(max, { message: `${label} must be at most ${max} characters` });

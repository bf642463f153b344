import { z } from 'zod';
import { Id } from './common.ts';

/** A person keeps at most this many saved searches. */
export const MAX_SAVED_SEARCHES = 50;

const name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(60, { message: 'Name must be at most 60 characters' });

/** POST /saved-searches: a name, and the search as in its address (`q=iphone+13&maxPrice=40000`). */
export const SaveSearchBody = z.object({
  name,
  query: z.string({ message: 'query must be text' }).max(1000, { message: 'query must be at most 1000 characters' }),
});
export type SaveSearchBody = z.infer<typeof SaveSearchBody>;

export const RenameSearchBody = z.object({ name });
export type RenameSearchBody = z.infer<typeof RenameSearchBody>;

export const SavedSearch = z.object({
  _id: Id,
  name: z.string(),
  /** As in the search page's address, without the `?`. */
  query: z.string(),
  createdAt: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;
export const SavedSearchList = z.array(SavedSearch);

/** POST /admin/digests: how many digest e-mails were written. */
export const DigestsSent = z.object({ emails: z.number().int().min(0) });
export type DigestsSent = z.infer<typeof DigestsSent>;

/** PUT /product/:id/watch and the like: whether the caller watches the phone. */
export const Watching = z.object({ watching: z.boolean() });
export type Watching = z.infer<typeof Watching>;

import { z } from 'zod';
import { Email, Id, text } from './common.ts';
import { roles } from './permissions.ts';
import { languages } from './languages.ts';

export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/** The roles a person may choose for themselves; admins are made by the server. */
export const AccountType = z.enum(['Buyer', 'Seller'], { message: 'role must be Buyer or Seller' });
export type AccountType = z.infer<typeof AccountType>;

/**
 * POST /users: the signed-in Firebase person's account. `email` is theirs (an e-mail or Google sign-in); an account made
 * by phone (issue 46) sends none: its verified number is the sign-in's own.
 */
export const CreateUserBody = z.object({
  name: text('Name', 1, 80),
  email: Email.optional(),
  role: AccountType,
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const User = z.object({
  _id: Id,
  name: z.string(),
  /** null: an account made by phone, without an e-mail address (issue 46). */
  email: z.string().nullable(),
  role: Role,
  verified: z.boolean(),
});
export type User = z.infer<typeof User>;

export const CreateUserResponse = z.object({
  acknowledged: z.literal(true),
  /** false when the account already existed (a repeated Google sign-in). */
  created: z.boolean(),
  user: User,
});
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

export const JwtResponse = z.object({ accessToken: z.string() });
export type JwtResponse = z.infer<typeof JwtResponse>;

export const IsSeller = z.object({ isSeller: z.boolean() });
export type IsSeller = z.infer<typeof IsSeller>;
export const IsAdmin = z.object({ isAdmin: z.boolean() });
export type IsAdmin = z.infer<typeof IsAdmin>;
export const IsBuyer = z.object({ isBuyer: z.boolean() });
export type IsBuyer = z.infer<typeof IsBuyer>;

/** For an admin (issue 46): the last 3 digits of the person's verified number, never the whole of it; null without one. */
const PhoneEnding = z.string().regex(/^[0-9]{3}$/).nullable();

export const SellerSummary = User.extend({
  listings: z.number().int().min(0),
  phoneEnding: PhoneEnding,
  createdAt: z.iso.datetime(),
});
export type SellerSummary = z.infer<typeof SellerSummary>;

export const BuyerSummary = User.extend({
  bookings: z.number().int().min(0),
  phoneEnding: PhoneEnding,
  createdAt: z.iso.datetime(),
});
export type BuyerSummary = z.infer<typeof BuyerSummary>;

/**
 * GET /users/allsellers|allbuyers with `q`, `page` or `limit`: one page, searched by name or email on the
 * server. Without any of them the answer is today's plain list, so older admin remotes keep working.
 */
export const UserListQuery = z.object({
  q: z.string().trim().max(100, { message: 'q must be at most 100 characters' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;
export const SellerPage = z.object({ users: z.array(SellerSummary), total: z.number().int().min(0), page: z.number().int(), limit: z.number().int() });
export type SellerPage = z.infer<typeof SellerPage>;
export const BuyerPage = z.object({ users: z.array(BuyerSummary), total: z.number().int().min(0), page: z.number().int(), limit: z.number().int() });
export type BuyerPage = z.infer<typeof BuyerPage>;
/** All sellers: one page with `q`, `page` or `limit`; without any of them every one as a plain list (older admin remotes). */
export const SellerList = z.union([SellerPage, z.array(SellerSummary)]);
/** All buyers, as SellerList. */
export const BuyerList = z.union([BuyerPage, z.array(BuyerSummary)]);

/** POST /password-reset: "Forgot password?". The answer is the same whether or not an account has the address. */
export const PasswordResetBody = z.object({
  email: Email,
  /** The language of the page asking: the e-mail and the page it leads to are in it. */
  language: z.enum(languages, { message: 'language must be en or bn' }).default('en'),
});
export type PasswordResetBody = z.input<typeof PasswordResetBody>;

/**
 * POST /me/email: an e-mail address for an account made by phone (issue 46), to get PhoneHaat's e-mails. A link to it
 * proves the address; `language`: the e-mail's and the page's it leads to.
 */
export const EmailAddressBody = PasswordResetBody;
export type EmailAddressBody = z.input<typeof EmailAddressBody>;

/** POST /me/email/confirm: the one-time token from the link. */
export const EmailConfirmBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'This link is not whole: open it again from the e-mail' }) });
export type EmailConfirmBody = z.input<typeof EmailConfirmBody>;

/**
 * The address is on the account, and on its Firebase sign-in (so no one else can sign up with it). Changing it ends
 * the Firebase sign-in's older tokens: `customToken` signs this browser in again.
 */
export const EmailAdded = z.object({ email: z.string(), customToken: z.string() });
export type EmailAdded = z.infer<typeof EmailAdded>;

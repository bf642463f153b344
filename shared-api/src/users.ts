import { z } from 'zod';
import { Email, Id, text } from './common.js';
import { roles } from './permissions.js';

export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/** The roles a person may choose for themselves; admins are made by the server. */
export const AccountType = z.enum(['Buyer', 'Seller'], { message: 'role must be Buyer or Seller' });
export type AccountType = z.infer<typeof AccountType>;

export const CreateUserBody = z.object({
  name: text('Name', 1, 80),
  email: Email,
  role: AccountType,
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const User = z.object({
  _id: Id,
  name: z.string(),
  email: z.string(),
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

export const SellerSummary = User.extend({
  listings: z.number().int().min(0),
  createdAt: z.iso.datetime(),
});
export type SellerSummary = z.infer<typeof SellerSummary>;

export const BuyerSummary = User.extend({
  bookings: z.number().int().min(0),
  createdAt: z.iso.datetime(),
});
export type BuyerSummary = z.infer<typeof BuyerSummary>;

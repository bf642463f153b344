// A verified phone number on an account (issue 46): a one-time code sent to a Bangladeshi mobile number, then the code
// typed back (Bangla digits too). The API asks Firebase for the code and checks it, counting the tries.
import { z } from 'zod';
import { BangladeshMobile } from './delivery.ts';
import { digitsOf } from './digits.ts';
import { Id } from './common.ts';

/** The 6-digit code Firebase sent, as typed (Latin or Bangla digits). */
const SixDigitCode = z
  .string({ message: 'Enter the 6-digit code' })
  .transform(digitsOf)
  .pipe(z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code' }));

/**
 * A fresh code sent to the account's verified number (POST /me/phone/confirmation), typed back: what changing the payout
 * wallet or the number itself needs (issue 46: asked again when it matters).
 */
export const PhoneConfirmation = z.object({ verificationId: z.uuid({ message: 'Ask for a code first' }), code: SixDigitCode });
export type PhoneConfirmation = z.input<typeof PhoneConfirmation>;

/**
 * Firebase's app verification (issue 46): with reCAPTCHA Enterprise's SMS defense on (production), every request that
 * sends a code carries the browser's fresh reCAPTCHA token for the action `sendVerificationCode`, passed on to Firebase.
 * Absent against the Auth emulator.
 */
export const AppVerification = z.object({ captchaResponse: z.string().min(1).max(8192).optional() });
export type AppVerification = z.input<typeof AppVerification>;

/** POST /me/phone/confirmation: no body (Fastify reads it as null), or (app verification on) the browser's token. */
export const PhoneConfirmationBody = AppVerification.nullish();
export type PhoneConfirmationBody = z.input<typeof PhoneConfirmationBody>;

/**
 * POST /me/phone/code: send a code to this number (typed with or without +880 or 0, spaces and dashes forgiven). To
 * change a verified number, `confirmation` is a fresh code sent to the current one.
 */
export const PhoneCodeBody = AppVerification.extend({ phone: BangladeshMobile, confirmation: PhoneConfirmation.optional() });
export type PhoneCodeBody = z.input<typeof PhoneCodeBody>;

/** The code is on its way: what to send back with it. */
export const PhoneCodeSent = z.object({ verificationId: Id, phone: z.string() });
export type PhoneCodeSent = z.infer<typeof PhoneCodeSent>;

/** POST /me/phone/verify: the code that was sent, and the person's own Firebase ID token (the number is linked to it). */
export const PhoneVerifyBody = z.object({
  verificationId: z.uuid({ message: 'Ask for a code first' }),
  code: SixDigitCode,
  idToken: z.string().min(1, { message: 'Sign in again to verify your number' }),
});
export type PhoneVerifyBody = z.input<typeof PhoneVerifyBody>;

/** The account's phone number (01XXXXXXXXX) and when it was verified; null: none yet. */
export const PhoneStatus = z.object({ phone: z.string().nullable(), verifiedAt: z.iso.datetime().nullable() });
export type PhoneStatus = z.infer<typeof PhoneStatus>;

/** A fresh code is on its way to the account's verified number (named by its last 3 digits): what to send back with it. */
export const PhoneConfirmationSent = z.object({ verificationId: Id, phoneEnding: z.string() });
export type PhoneConfirmationSent = z.infer<typeof PhoneConfirmationSent>;

/** POST /phone-sign-in/code: a code to sign in (or sign up) with this number alone (issue 46). */
export const PhoneSignInCodeBody = PhoneCodeBody.pick({ phone: true, captchaResponse: true });
export type PhoneSignInCodeBody = z.input<typeof PhoneSignInCodeBody>;

/**
 * POST /phone-sign-in: the code was right. `customToken` signs the browser in to the number's Firebase account (the
 * SDK's signInWithCustomToken); `newAccount`: no PhoneHaat account has this number yet, so the person registers next
 * (a name, Buyer or Seller).
 */
export const PhoneSignedIn = z.object({ customToken: z.string(), newAccount: z.boolean() });
export type PhoneSignedIn = z.infer<typeof PhoneSignedIn>;

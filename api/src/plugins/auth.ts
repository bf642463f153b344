import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { hasPermission, type Permission } from '@phonehaat/shared-api';
import { preferredLanguage } from '@phonehaat/shared-api/languages';
import { IdentityUnavailableError, type IdentityProvider, type VerifiedIdentity } from '../modules/identity/index.ts';
import type { TokenService } from '../modules/identity/index.ts';
import type { ReadCache } from '../cache.ts';
import { forbidden, HttpError, unauthorized } from '../errors.ts';
import type { UserRow, UsersRepository } from '../modules/identity/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by `authenticate`. */
    actor: UserRow | null;
    /** The Firebase sign-in, set by `requireSignIn`. */
    signIn?: VerifiedIdentity;
  }
}

/** Marks the guards that ask only who the caller is and what they may do: they run before the input is checked. */
const WHO = Symbol('who the caller is');
export const who = <T extends object>(guard: T): T => Object.assign(guard, { [WHO]: true });
/** Whether a hook is one of those guards. */
export const isCallerCheck = (hook: unknown): boolean => typeof hook === 'function' && WHO in hook;

/**
 * Runs each route's caller checks (sign-in, role) when the request arrives, before its body is read or anything it
 * sent is validated: an anonymous caller gets 401 and a buyer at an admin's operation 403, never field-by-field 400s
 * (nor a malformed-JSON 400) that describe a private operation's input. Routes list their guards as preHandlers; the
 * checks that need the validated input (whose booking, whose listing) stay there. The guards read only headers.
 */
export function callerChecksFirst(route: { preHandler?: unknown; onRequest?: unknown }) {
  const handlers = [route.preHandler].flat().filter(Boolean);
  const early = handlers.filter(isCallerCheck);
  if (early.length === 0) return;
  route.preHandler = handlers.filter((hook) => !isCallerCheck(hook));
  route.onRequest = [...[route.onRequest].flat().filter(Boolean), ...early];
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized('Sign in to continue: a bearer token is required');
  return match[1];
}

/** Why a listing, a booking or a new conversation was refused: no verified number on the account yet. */
export const PHONE_FIRST = 'Verify your phone number first: listing, booking and messaging need one';

export function createGuards(deps: { tokens: TokenService; identity: IdentityProvider; users: UsersRepository; cache: ReadCache }) {
  /** Requires the API's own access token; loads the caller fresh, so a removed account stops at once. */
  const authenticate: preHandlerAsyncHookHandler = who((request: FastifyRequest, reply: FastifyReply) => signedIn(request, reply));
  async function signedIn(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearer(request);
    let claims;
    try {
      claims = await deps.tokens.verify(token);
    } catch {
      throw unauthorized('Your session has expired or is invalid; sign in again');
    }
    // Cached like the catalogue: removing a user or changing a role clears it in this process at once.
    const actor = await deps.cache.get(`actor:${claims.userId}`, () => deps.users.findActiveById(claims.userId));
    if (!actor) throw unauthorized('This account no longer exists');
    request.actor = actor;
    // The app sends the language the person reads it in: their e-mails are written in the one they used last.
    const language = preferredLanguage(request.headers['accept-language']);
    if (language && language !== actor.language) {
      await deps.users.setLanguage(actor.id, language);
      deps.cache.forget(`actor:${actor.id}`);
      request.actor = { ...actor, language };
    }
  }

  /**
   * Who the caller is, if they say: a public read (a phone's page, issue 48) serves visitors, and its signed-in callers
   * as themselves. A token that is sent must be good (401 otherwise, so the app renews it).
   */
  const identify: preHandlerAsyncHookHandler = who(async (request: FastifyRequest, reply: FastifyReply) => {
    request.actor = null;
    if (request.headers.authorization !== undefined) await signedIn(request, reply);
  });

  /**
   * Requires the role-level permission (any one of those named): whether the role may ever do this. `:own` rules are
   * checked again against the resource, with the input, by `assertCan`.
   */
  const requirePermission = (...permissions: [Permission, ...Permission[]]): preHandlerAsyncHookHandler =>
    who(async (request: FastifyRequest) => {
      if (!permissions.some((permission) => hasPermission(request.actor?.role, permission))) throw forbidden();
    });

  /**
   * Requires a verified phone number on the caller's account (issue 46, decision 038): listing a phone, booking one and
   * opening a conversation about one. The apps ask for it in place first (PhoneGate), so this is the rule, not the prompt.
   */
  const requireVerifiedPhone: preHandlerAsyncHookHandler = who(async (request: FastifyRequest) => {
    if (!request.actor?.phoneVerifiedAt) throw forbidden(PHONE_FIRST);
  });

  /**
   * Requires a Firebase ID token (the sign-in itself) rather than an access token: an e-mail address or, for an account
   * made by phone (issue 46), a verified phone number.
   */
  async function firebaseIdentity(request: FastifyRequest): Promise<VerifiedIdentity> {
    const token = bearer(request);
    let identity: VerifiedIdentity;
    try {
      identity = await deps.identity.verifyIdToken(token);
    } catch (error) {
      if (error instanceof IdentityUnavailableError) {
        request.log.error({ err: error.cause }, 'could not verify a sign-in with Firebase');
        throw new HttpError(503, 'Sign-in cannot be checked just now; please try again in a moment');
      }
      throw unauthorized('The sign-in token is invalid or expired; sign in again');
    }
    if (!identity.email && !identity.phoneNumber) throw forbidden('This sign-in has no email address');
    return identity;
  }

  /**
   * The sign-in itself (a Firebase ID token), checked when the request arrives as the other caller checks are: a
   * caller without a good one gets 401 before anything they sent is read (decision 033). The route reads it with
   * `signInOf`.
   */
  const requireSignIn: preHandlerAsyncHookHandler = who(async (request: FastifyRequest) => {
    request.signIn = await firebaseIdentity(request);
  });

  return { authenticate, identify, requirePermission, requireVerifiedPhone, requireSignIn, firebaseIdentity };
}
export type Guards = ReturnType<typeof createGuards>;

/** The Firebase sign-in of a route behind `requireSignIn`. */
export function signInOf(request: FastifyRequest): VerifiedIdentity {
  if (!request.signIn) throw unauthorized('Sign in to continue');
  return request.signIn;
}

/** The caller of a route behind `authenticate`. */
export function actorOf(request: FastifyRequest): UserRow {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Owner-or-permission checks in one place: `own` for the resource's owner, `any` for everyone else. */
export function assertCan(actor: UserRow, rule: { own?: Permission; any?: Permission }, ownerId: string) {
  if (rule.any && hasPermission(actor.role, rule.any)) return;
  if (rule.own && actor.id === ownerId && hasPermission(actor.role, rule.own)) return;
  throw forbidden();
}

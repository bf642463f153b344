import { hasPermission, Acknowledged, CreateUserBody, CreateUserResponse, EmailParams, IsAdmin, IsBuyer, IsSeller, JwtResponse, OwnEmailQuery, PasswordResetBody, User, type AccountType } from '@phonehaat/shared-api';
import type { VerifiedIdentity } from '../auth/identity.ts';
import { BROWSER_HEADER } from '../auth/browsers.ts';
import type { Services } from '../../../services.ts';
import { conflict, forbidden, HttpError, isUniqueViolation } from '../../../errors.ts';

const REMOVED = 'This account has been removed by an administrator';
const NO_ADDRESS = 'Give your email address to register, or sign in with your phone number';
import { createPasswordReset } from '../auth/password-reset.ts';
import { ownEmailRoutes } from './own-email.ts';
import { createSmtpMailer } from '../../../email/mailer.ts';
import { actorOf, signInOf } from '../../../plugins/auth.ts';
import { toUser } from '../repositories/users.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

export async function userRoutes(app: ZodApp, services: Services) {
  const { env, identity } = services;
  const mailer = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined;
  app.addHook('onClose', async () => mailer?.close());
  // An address added to an account made by phone (issue 46) is proven by a link through the same mail server.
  await ownEmailRoutes(app, services, mailer);
  passwordResetRoutes(app, createPasswordReset({ identity, mailer, env, log: app.log }));
  registrationRoutes(app, services);
  roleRoutes(app, services);
}

/** A password reset asked for by e-mail. */
function passwordResetRoutes(app: ZodApp, requestReset: ReturnType<typeof createPasswordReset>) {
  app.post(
    '/password-reset',
    {
      // Three e-mails an address a quarter of an hour (counted once the body is read), on top of the per-client limit.
      config: { rateLimit: { max: 3, timeWindow: '15 minutes', hook: 'preHandler', keyGenerator: (request) => `password-reset:${(request.body as { email?: string } | undefined)?.email ?? request.ip}` } },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['users'],
        summary: '"Forgot password?": e-mails a link to choose a new password, in the given language',
        description: 'Answers 202 whether or not an account has the address, so the answer tells no one who has an account.',
        body: PasswordResetBody,
        response: { 202: Acknowledged, ...errors(400, 429, 503) },
      },
    },
    async (request, reply) => {
      try {
        await requestReset(request.body.email, request.body.language);
      } catch (error) {
        request.log.error({ err: error }, 'a password reset e-mail could not be sent');
        throw new HttpError(503, 'The e-mail could not be sent just now. Try again in a few minutes.');
      }
      return reply.code(202).send({ acknowledged: true });
    },
  );
}

/** Registering (by e-mail or by phone) and the sign-in's access token. */
function registrationRoutes(app: ZodApp, { env, repos, guards, tokens, cache, signedInFrom }: Services) {
  const strict = { rateLimit: { max: env.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  const isConfiguredAdmin = (email: string) => env.ADMIN_EMAILS.includes(email);

  async function registerByEmail(identity: VerifiedIdentity, name: string, email: string, role: AccountType) {
    if (identity.email !== email) throw forbidden('You can only register your own email address');
    const known = await repos.users.findByEmail(email);
    if (known?.deletedAt) throw forbidden(REMOVED);
    return repos.users.createOnce({ firebaseUid: identity.uid, name, email, role: isConfiguredAdmin(email) ? 'admin' : role });
  }

  /** An account made by phone (issue 46): no e-mail address; the sign-in's verified number is kept on it, verified. */
  async function registerByPhone(identity: VerifiedIdentity, name: string, role: AccountType) {
    const known = await repos.users.findByFirebaseUid(identity.uid);
    if (known?.deletedAt) throw forbidden(REMOVED);
    if (known) return { user: known, created: false };
    if (!identity.phoneNumber) throw forbidden(NO_ADDRESS);
    try {
      return { user: await repos.users.createByPhone({ firebaseUid: identity.uid, name, phone: identity.phoneNumber, role }), created: true };
    } catch (error) {
      if (isUniqueViolation(error, 'users_one_account_per_phone')) throw conflict('This number is verified on another account: use another number');
      throw error;
    }
  }

  app.post(
    '/users',
    {
      config: strict,
      preHandler: guards.requireSignIn,
      schema: {
        operationId: 'registerUser',
        tags: ['users'],
        summary: 'Register the signed-in Firebase user (idempotent)',
        description:
          'Needs the Firebase ID token of that email; without `email`, of a phone sign-in (issue 46): the account is made by phone, its verified number kept. A repeat returns the stored account unchanged.',
        security: bearerAuth,
        body: CreateUserBody,
        response: { 200: CreateUserResponse, 201: CreateUserResponse, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const identity = signInOf(request);
      const { name, email, role } = request.body;
      const { user, created } = email === undefined ? await registerByPhone(identity, name, role) : await registerByEmail(identity, name, email, role);
      if (created) cache.clear(); // the admin's user counts
      return reply.code(created ? 201 : 200).send({ acknowledged: true, created, user: toUser(user) });
    },
  );

  app.get(
    '/jwt',
    {
      config: strict,
      preHandler: guards.requireSignIn,
      schema: {
        operationId: 'exchangeToken',
        tags: ['users'],
        summary: 'Exchange a Firebase ID token for the API access token (1 hour)',
        description: "Without `email`, the account is the sign-in's own Firebase account (an account made by phone has no e-mail address).",
        security: bearerAuth,
        querystring: OwnEmailQuery,
        response: { 200: JwtResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const identity = signInOf(request);
      const { email } = request.query;
      if (email !== undefined && identity.email !== email) throw forbidden('The token does not belong to this email address');
      let user = email === undefined ? await repos.users.findByFirebaseUid(identity.uid) : await repos.users.findByEmail(email);
      if (!user) throw forbidden(email === undefined ? 'No PhoneHaat account uses this sign-in yet; register first' : 'No PhoneHaat account uses this email yet; register first');
      if (user.deletedAt) throw forbidden(REMOVED);
      if (user.email && isConfiguredAdmin(user.email) && user.role !== 'admin') {
        user = await repos.users.setRole(user.id, 'admin');
        cache.clear();
      }
      // A browser the account has not signed in from before is noted in their notifications (issue 46).
      const browser = request.headers[BROWSER_HEADER];
      await signedInFrom(user.id, typeof browser === 'string' ? browser : undefined, request.headers['user-agent']).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not note the browser a person signed in from'),
      );
      return { accessToken: await tokens.sign({ userId: user.id, email: user.email ?? '', role: user.role }) };
    },
  );
}

/** Who the caller is, and role checks by e-mail. */
function roleRoutes(app: ZodApp, { repos, guards }: Services) {
  app.get(
    '/me',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'getMe',
        tags: ['users'],
        summary: "The signed-in person's account and role, as the server has it now (the apps ask this, not by e-mail)",
        description: 'The role may differ from the one the access token names (a token lasts an hour; an admin may verify or a grant change a role sooner).',
        security: bearerAuth,
        response: { 200: User, ...errors(401) },
      },
    },
    async (request) => toUser(actorOf(request)),
  );

  // Role checks by e-mail, from the original contract (any address sign-up takes): the caller may ask about
  // themselves; an admin may ask about anyone. The apps ask GET /me.
  const roleChecks = [
    { path: '/users/seller/:email', role: 'Seller', response: IsSeller, answer: (isSeller: boolean) => ({ isSeller }) },
    { path: '/users/admin/:email', role: 'admin', response: IsAdmin, answer: (isAdmin: boolean) => ({ isAdmin }) },
    { path: '/users/buyers/:email', role: 'Buyer', response: IsBuyer, answer: (isBuyer: boolean) => ({ isBuyer }) },
  ] as const;
  for (const { path, role, response, answer } of roleChecks) {
    app.get(
      path,
      {
        preHandler: guards.authenticate,
        schema: {
          operationId: `is${role === 'admin' ? 'Admin' : role}`,
          tags: ['users'],
          summary: `Is this user ${role === 'admin' ? 'an admin' : `a ${role}`}?`,
          security: bearerAuth,
          params: EmailParams,
          response: { 200: response, ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { email } = request.params;
        if (actor.email !== email && !hasPermission(actor.role, 'read:user:any')) throw forbidden('You can only look up your own role');
        const user = actor.email === email ? actor : await repos.users.findByEmail(email);
        return answer(Boolean(user && !user.deletedAt && user.role === role));
      },
    );
  }
}

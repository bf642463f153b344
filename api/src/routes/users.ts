import { hasPermission, Acknowledged, CreateUserBody, CreateUserResponse, EmailParams, EmailQuery, IsAdmin, IsBuyer, IsSeller, JwtResponse, PasswordResetBody, User } from '@phonehaat/shared-api';
import type { Services } from '../services.ts';
import { forbidden, HttpError } from '../errors.ts';
import { createPasswordReset } from '../auth/password-reset.ts';
import { createSmtpMailer } from '../email/mailer.ts';
import { actorOf } from '../plugins/auth.ts';
import { toUser } from '../repositories/users.ts';
import { bearerAuth, errors, type ZodApp } from './types.ts';

export async function userRoutes(app: ZodApp, { env, repos, guards, tokens, cache, identity }: Services) {
  const strict = { rateLimit: { max: env.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  const isConfiguredAdmin = (email: string) => env.ADMIN_EMAILS.includes(email);
  const mailer = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined;
  app.addHook('onClose', async () => mailer?.close());
  const requestReset = createPasswordReset({ identity, mailer, env, log: app.log });

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

  app.post(
    '/users',
    {
      config: strict,
      schema: {
        operationId: 'registerUser',
        tags: ['users'],
        summary: 'Register the signed-in Firebase user (idempotent)',
        description: 'Needs the Firebase ID token of that email. A repeat returns the stored account unchanged.',
        security: bearerAuth,
        body: CreateUserBody,
        response: { 200: CreateUserResponse, 201: CreateUserResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const identity = await guards.firebaseIdentity(request);
      const { name, email, role } = request.body;
      if (identity.email !== email) throw forbidden('You can only register your own email address');
      const known = await repos.users.findByEmail(email);
      if (known?.deletedAt) throw forbidden('This account has been removed by an administrator');
      const { user, created } = await repos.users.createOnce({
        firebaseUid: identity.uid,
        name,
        email,
        role: isConfiguredAdmin(email) ? 'admin' : role,
      });
      if (created) cache.clear(); // the admin's user counts
      return reply.code(created ? 201 : 200).send({ acknowledged: true, created, user: toUser(user) });
    },
  );

  app.get(
    '/jwt',
    {
      config: strict,
      schema: {
        operationId: 'exchangeToken',
        tags: ['users'],
        summary: 'Exchange a Firebase ID token for the API access token (1 hour)',
        security: bearerAuth,
        querystring: EmailQuery,
        response: { 200: JwtResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const identity = await guards.firebaseIdentity(request);
      const { email } = request.query;
      if (identity.email !== email) throw forbidden('The token does not belong to this email address');
      let user = await repos.users.findByEmail(email);
      if (!user) throw forbidden('No PhoneHaat account uses this email yet; register first');
      if (user.deletedAt) throw forbidden('This account has been removed by an administrator');
      if (isConfiguredAdmin(email) && user.role !== 'admin') {
        user = await repos.users.setRole(user.id, 'admin');
        cache.clear();
      }
      return { accessToken: await tokens.sign({ userId: user.id, email: user.email, role: user.role }) };
    },
  );

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

import { Acknowledged, EmailAddressBody, EmailAdded, EmailConfirmBody } from '@phonehaat/shared-api';
import { createEmailAddress } from '../auth/email-address.ts';
import type { Mailer } from '../../../email/mailer.ts';
import { actorOf } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/**
 * An e-mail address added to an account made by phone (issue 46, decision 038): a link to it, then opened on the
 * person's Settings page. Each account may ask 10 times and confirm 20 times a quarter of an hour (on top of 3 links an
 * hour, counted in the database).
 */
export async function ownEmailRoutes(app: ZodApp, { env, guards, identity, database, cache }: Services, mailer: Mailer | undefined) {
  const emailAddress = createEmailAddress({ db: database.db, identity, mailer, env });
  const perAccount = (name: string, max: number) => ({
    rateLimit: { max, timeWindow: '15 minutes', hook: 'preHandler' as const, keyGenerator: (request: Parameters<typeof actorOf>[0]) => `${name}:${actorOf(request).id}` },
  });

  app.post(
    '/me/email',
    {
      config: perAccount('email-link', 10),
      preHandler: guards.authenticate,
      schema: {
        operationId: 'requestEmailLink',
        tags: ['users'],
        summary: 'E-mail a link that adds this address to the signed-in account (one made by phone, with no address yet)',
        description: 'At most 3 links an hour per account; the link works once, for 24 hours, for the account that asked. The e-mail is in `language`.',
        'x-rules': ['Your account already has an e-mail address', 'This e-mail address is used by another account: use another address'],
        security: bearerAuth,
        body: EmailAddressBody,
        response: { 202: Acknowledged, ...errors(400, 401, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      await emailAddress.request(actorOf(request), request.body.email, request.body.language);
      return reply.code(202).send({ acknowledged: true });
    },
  );

  app.post(
    '/me/email/confirm',
    {
      config: perAccount('email-confirm', 20),
      preHandler: guards.authenticate,
      schema: {
        operationId: 'confirmEmail',
        tags: ['users'],
        summary: "Open the e-mailed link: the address goes on the account and its Firebase sign-in; a token signs this browser in again",
        'x-rules': ['This link is used or too old: ask for a new one in Settings', 'Your account already has an e-mail address', 'This e-mail address is used by another account: use another address'],
        security: bearerAuth,
        body: EmailConfirmBody,
        response: { 200: EmailAdded, ...errors(400, 401, 409, 429, 503) },
      },
    },
    async (request) => {
      const added = await emailAddress.confirm(actorOf(request), request.body.token);
      // The caller's cached account has no address yet.
      cache.clear();
      return added;
    },
  );
}

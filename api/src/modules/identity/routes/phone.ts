import type { FastifyRequest } from 'fastify';
import { PhoneCodeBody, PhoneCodeSent, PhoneConfirmation, PhoneConfirmationBody, PhoneConfirmationSent, PhoneSignedIn, PhoneSignInCodeBody, PhoneStatus, PhoneVerifyBody } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';
import { BROWSER_HEADER } from '../auth/browsers.ts';

const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The device a request comes from (the id its browser keeps), else its client address. */
const deviceOrAddress = (request: FastifyRequest) => {
  const device = request.headers[BROWSER_HEADER];
  return typeof device === 'string' && DEVICE_ID.test(device) ? `phone-sign-in:device:${device.toLowerCase()}` : `phone-sign-in:address:${request.ip}`;
};

/**
 * A verified phone number on the signed-in person's account (issue 46, decision 038): a code sent to it, then checked.
 * Each account may ask for a code 10 times and check one 20 times in a quarter of an hour, on top of the per-number
 * and wrong-code bounds the verification keeps itself.
 */
export async function phoneRoutes(app: ZodApp, services: Services) {
  ownNumberRoutes(app, services);
  phoneSignInRoutes(app, services);
}

/** A signed-in person's number: read, asked a code for, confirmed, verified. */
function ownNumberRoutes(app: ZodApp, { guards, phone, cache }: Services) {
  // Keyed on the account, counted after sign-in (decision 033).
  const perClient = (name: string, max: number) => ({
    rateLimit: { max, timeWindow: '15 minutes', hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `${name}:${actorOf(request).id}` },
  });

  app.get(
    '/me/phone',
    {
      preHandler: [guards.authenticate, guards.requirePermission('verify:phone:own')],
      schema: { operationId: 'getMyPhone', tags: ['users'], summary: "The signed-in person's verified phone number, if any", security: bearerAuth, response: { 200: PhoneStatus, ...errors(401, 403) } },
    },
    async (request) => phone.status(actorOf(request).id),
  );

  app.post(
    '/me/phone/code',
    {
      config: perClient('phone-code', 10),
      preHandler: [guards.authenticate, guards.requirePermission('verify:phone:own')],
      schema: {
        operationId: 'requestPhoneCode',
        tags: ['users'],
        summary: 'Send a one-time code to a Bangladeshi mobile number, to verify it on this account',
        description:
          'At most 3 codes to a number in 15 minutes, whoever asks; a number verified on another account is refused without saying whose. Changing a verified number needs `confirmation`: a fresh code sent to the current one (POST /me/phone/confirmation).',
        'x-rules': ['Changing your number needs a code sent to your current number first', 'PhoneHaat could not check this request came from its app: reload the page and try again'],
        security: bearerAuth,
        body: PhoneCodeBody,
        response: { 201: PhoneCodeSent, ...errors(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await phone.request(actorOf(request), request.body.phone, request.body.confirmation, request.body.captchaResponse)),
  );

  app.post(
    '/me/phone/confirmation',
    {
      config: perClient('phone-code', 10),
      preHandler: [guards.authenticate, guards.requirePermission('verify:phone:own')],
      schema: {
        operationId: 'requestPhoneConfirmation',
        tags: ['users'],
        summary: "Send a fresh code to the account's verified number: changing the payout wallet or the number needs it typed back",
        description: 'Counted with the codes that verify a number: at most 3 to a number in 15 minutes. The answer names the number by its last 3 digits.',
        'x-rules': ['Verify your phone number first: a payout wallet is set with a code sent to it', 'PhoneHaat could not check this request came from its app: reload the page and try again'],
        security: bearerAuth,
        body: PhoneConfirmationBody,
        response: { 201: PhoneConfirmationSent, ...errors(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await phone.requestConfirmation(actorOf(request), request.body?.captchaResponse)),
  );

  app.post(
    '/me/phone/verify',
    {
      config: perClient('phone-verify', 20),
      preHandler: [guards.authenticate, guards.requirePermission('verify:phone:own')],
      schema: {
        operationId: 'verifyPhoneCode',
        tags: ['users'],
        summary: 'Check the code sent to the number and keep it, verified, on this account',
        description: 'Five wrong codes, then a new code may be asked for after 15 minutes.',
        'x-rules': ['Enter the 6-digit code', 'Ask for a code first', 'Sign in again to verify your number', 'The code expired: ask for a new one'],
        security: bearerAuth,
        body: PhoneVerifyBody,
        response: { 200: PhoneStatus, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const verified = await phone.verify(actorOf(request), request.body);
      // The caller (cached with their account) may now list, book and write; their listings carry the mark.
      cache.clear();
      return verified;
    },
  );

  // Signing in (or up) with a number alone (issue 46): before anyone is signed in, so counted per device — the id the
  // app's browser keeps (X-PhoneHaat-Browser) — not per client address, which a carrier shares among thousands of
  // people (issue 66); a request without one is counted per address. On top of the per-number and wrong-code bounds.
}

/** Signing in with a number and a code. */
function phoneSignInRoutes(app: ZodApp, { env, phone }: Services) {
  app.post(
    '/phone-sign-in/code',
    {
      config: { rateLimit: { max: env.PHONE_SIGN_IN_RATE_LIMIT_MAX, timeWindow: '15 minutes', keyGenerator: deviceOrAddress } },
      schema: {
        operationId: 'requestSignInCode',
        tags: ['users'],
        summary: 'Send a one-time code to sign in, or sign up, with a Bangladeshi mobile number alone',
        description:
          'At most 3 codes to a number in 15 minutes, whoever asks (counted atomically); 10 code requests in 15 minutes from one device (its `X-PhoneHaat-Browser` id), or from one client address without it (PHONE_SIGN_IN_RATE_LIMIT_MAX).',
        'x-rules': ['PhoneHaat could not check this request came from its app: reload the page and try again'],
        body: PhoneSignInCodeBody,
        response: { 201: PhoneCodeSent, ...errors(400, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await phone.requestSignIn(request.body.phone, request.body.captchaResponse)),
  );

  app.post(
    '/phone-sign-in',
    {
      config: { rateLimit: { max: 2 * env.PHONE_SIGN_IN_RATE_LIMIT_MAX, timeWindow: '15 minutes' } },
      schema: {
        operationId: 'signInWithPhone',
        tags: ['users'],
        summary: "Check a sign-in code: a token to sign in to the number's Firebase account, and whether a PhoneHaat account has it yet",
        description: 'Five wrong codes, then a new code may be asked for after 15 minutes. A removed account is refused.',
        'x-rules': ['Enter the 6-digit code', 'Ask for a code first', 'The code expired: ask for a new one'],
        body: PhoneConfirmation,
        response: { 200: PhoneSignedIn, ...errors(400, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => phone.signIn(request.body),
  );
}

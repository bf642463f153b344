import { CheckLink, CheckRecorded, CheckReportBody, CheckSession, CheckToken, HandoverCheck, IdParams, NOT_TEXT, SigningKeys } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { ownListingOnSale } from '../../catalog/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

const tags = ['trust'];
/** A check's page on the phone asks a few times; a link is guessed no better for more. */
const onThePhone = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The phone proves itself (issue 68, decision 052): the seller's and the buyer's links to a check in the phone's own browser. */
export async function deviceCheckRoutes(app: ZodApp, { guards, repos, deviceChecks }: Services) {
  app.post(
    '/addedproducts/:id/device-check',
    {
      preHandler: [guards.authenticate, guards.requirePermission('check:product:own')],
      schema: {
        operationId: 'startDeviceCheck',
        tags,
        summary: 'A link (and its QR code) that opens the check of one of the seller’s listings on the phone itself, once, within 15 minutes',
        description: 'At most 5 links a listing and 20 a seller in an hour (429 with Retry-After).',
        security: bearerAuth,
        params: IdParams,
        response: { 201: CheckLink, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const seller = actorOf(request);
      const product = await ownListingOnSale(repos.catalog, seller, request.params.id);
      return reply.code(201).send(await deviceChecks.startListingCheck(seller.id, product.id));
    },
  );

  app.post(
    '/bookings/:id/handover-check',
    {
      preHandler: [guards.authenticate, guards.requirePermission('check:handover:own')],
      schema: {
        operationId: 'startHandoverCheck',
        tags,
        summary: 'A link the buyer opens on the phone in their hand: a minute’s check, its facts compared with the listing’s report',
        description: 'Only while the sale’s money is held and undisputed, for a phone that was checked. The same limits as a listing’s links.',
        security: bearerAuth,
        params: IdParams,
        response: { 201: CheckLink, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await deviceChecks.startHandoverCheck(actorOf(request).id, request.params.id)),
  );

  app.get(
    '/bookings/:id/handover-check',
    {
      preHandler: [guards.authenticate, guards.requirePermission('check:handover:own')],
      schema: {
        operationId: 'getHandoverCheck',
        tags,
        summary: 'The booking’s newest handover check: whether the phone is the one tested, and what differs (404: none yet)',
        security: bearerAuth,
        params: IdParams,
        response: { 200: HandoverCheck, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => deviceChecks.handoverCheck(actorOf(request).id, request.params.id),
  );
}

/** The check's page on the phone (no sign-in: the link's token is the key), and PhoneHaat's public keys. */
export async function deviceCheckPageRoutes(app: ZodApp, { deviceChecks, signer }: Services) {
  app.get(
    '/device-checks/keys',
    {
      schema: {
        operationId: 'listSigningKeys',
        tags,
        summary: 'The public keys PhoneHaat signs device checks’ reports with (Ed25519 JWKs, the newest first)',
        response: { 200: SigningKeys },
      },
    },
    async () => ({ keys: signer.publicKeys() }),
  );

  app.get(
    '/device-checks/:token',
    {
      config: onThePhone,
      schema: {
        operationId: 'getDeviceCheck',
        tags,
        summary: 'What the page on the phone needs to run a check: no sign-in, the link’s token is the key',
        params: CheckToken,
        response: { 200: CheckSession, ...errors(400, 404, 410, 429) },
      },
    },
    async (request) => deviceChecks.session(request.params.token),
  );

  app.post(
    '/device-checks/:token/report',
    {
      config: onThePhone,
      schema: {
        operationId: 'recordDeviceCheck',
        tags,
        summary: 'The check’s results and the device’s facts, recorded once and signed by PhoneHaat; a handover’s compared with the listing’s',
        description:
          'A step that says it passed shows what passing means (every cell touched, a camera’s picture, a sound heard); the IMEI and the speaker’s digits are judged here. ' +
          'A used link is 410, a report sent twice at once 409.',
        'x-rules': [NOT_TEXT, 'The step "<step>" is not part of this check', 'The <step> step says it passed without what passing means'],
        params: CheckToken,
        body: CheckReportBody,
        response: { 201: CheckRecorded, ...errors(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await deviceChecks.record(request.params.token, request.body)),
  );
}

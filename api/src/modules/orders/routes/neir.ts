import { IdParams, NeirRecord, NeirStepBody } from '@phonehaat/shared-api';
import { actorOf } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** NEIR at every handover, done and recorded (issue 68; the rules in escrow/neir.ts). */
export async function neirRoutes(app: ZodApp, { guards, neir }: Services) {
  app.post(
    '/bookings/:id/neir',
    {
      preHandler: [guards.authenticate, guards.requirePermission('confirm:neir:own')],
      schema: {
        operationId: 'recordNeirStep',
        tags: ['bookings'],
        summary: "NEIR at the handover: the seller's de-registration (no IMEI), or the buyer's KYD check with the IMEI it read",
        description: 'Once a side, for a paid sale not refunded; the buyer\'s IMEI is kept as the listing\'s is (its keyed hash\'s match and last 4 digits).',
        'x-rules': ['Type the IMEI the KYD check read', "The seller's step is the de-registration: it takes no IMEI"],
        security: bearerAuth,
        params: IdParams,
        body: NeirStepBody,
        response: { 201: NeirRecord, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await neir.record(request.params.id, actorOf(request).id, request.body.imei)),
  );
}

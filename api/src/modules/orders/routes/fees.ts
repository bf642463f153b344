import { FeeSchedule, SellerFee } from '@phonehaat/shared-api';
import { actorOf } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** PhoneHaat's fee (issue 33): the schedule the home page's banner states, and the fee of a seller's next sale. */
export async function feeRoutes(app: ZodApp, { guards, escrow }: Services) {
  app.get(
    '/fees',
    {
      schema: {
        operationId: 'getFeeSchedule',
        tags: ['payments'],
        summary: "PhoneHaat's fee on a sale, and the lower fee of a new seller's first sales (percent)",
        response: { 200: FeeSchedule },
      },
    },
    async () => escrow.schedule(),
  );

  app.get(
    '/fees/mine',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:product')],
      schema: {
        operationId: 'getMyFee',
        tags: ['payments'],
        summary: "The fee the calling seller's next sale carries, and how many more sales carry the lower one",
        security: bearerAuth,
        response: { 200: SellerFee, ...errors(401, 403) },
      },
    },
    async (request) => escrow.nextFee(actorOf(request).id),
  );
}

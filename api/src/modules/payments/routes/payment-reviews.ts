import { IdParams, PaymentReviewDecided, PaymentReviewDecisionBody, PaymentReviewList } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** Payments held for the admin's review (issue 69): listed on the Money page, accepted or refunded there. */
export async function paymentReviewRoutes(app: ZodApp, services: Services) {
  const { guards, paymentReviews, cache } = services;
  const admin = [guards.authenticate, guards.requirePermission('review:payment:any')];

  app.get(
    '/admin/payment-reviews',
    {
      preHandler: admin,
      schema: {
        operationId: 'listPaymentReviews',
        tags: ['payments'],
        summary: 'Payments held for review (SSLCommerz marked them risky, or their validation did not match), oldest first',
        security: bearerAuth,
        response: { 200: PaymentReviewList, ...errors(401, 403) },
      },
    },
    () => paymentReviews.list(),
  );

  app.post(
    '/admin/payment-reviews/:id',
    {
      preHandler: admin,
      schema: {
        operationId: 'decidePaymentReview',
        'x-rules': ['This payment has been decided already'],
        tags: ['payments'],
        summary: 'Accept a held payment (the sale is recorded) or refund it in full through its provider; once, in the audit log',
        security: bearerAuth,
        params: IdParams,
        body: PaymentReviewDecisionBody,
        response: { 200: PaymentReviewDecided, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const decided = await paymentReviews.decide(request.params.id, actorOf(request), request.body.decision);
      cache.clear();
      return decided;
    },
  );
}

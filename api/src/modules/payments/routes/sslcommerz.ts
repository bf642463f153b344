import { z } from 'zod';
import { SslcommerzNotice, SslcommerzReturnParams, WebhookResponse } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { notFound } from '../../../domain-error.ts';
import { errors, type ZodApp } from '../../../routes/types.ts';

const METHOD = 'sslcommerz';
const outcomeStatus = { success: 'success', fail: 'failure', cancel: 'cancel' } as const;

/**
 * SSLCommerz's posts to the API (issue 69): its IPN, and the buyer's browser sent back from its hosted page (a form
 * POST). Neither is believed: each is checked for SSLCommerz's signature and acknowledged, then the payment is asked of
 * SSLCommerz's validation API (wallet-checkout.ts, just after) before anything is recorded.
 */
export async function sslcommerzRoutes(app: ZodApp, services: Services) {
  const { walletCheckout, env } = services;
  if (!env.PAYMENT_METHODS.includes(METHOD)) return;
  // SSLCommerz posts forms; this scope reads them as fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

  app.post(
    '/payments/sslcommerz/ipn',
    {
      schema: {
        operationId: 'sslcommerzIpn',
        'x-rules': ['This notification is not signed by SSLCommerz'],
        tags: ['payments'],
        summary: "SSLCommerz's IPN: checked for its signature (verify_sign) and acknowledged; the payment is then confirmed with SSLCommerz's validation API and recorded once",
        body: SslcommerzNotice,
        response: { 200: WebhookResponse, ...errors(400, 404) },
      },
    },
    async (request) => {
      await walletCheckout.notified(METHOD, request.body as Record<string, string>, request.body.tran_id);
      return { received: true as const };
    },
  );

  app.post(
    '/payments/sslcommerz/return/:outcome',
    {
      schema: {
        operationId: 'sslcommerzReturn',
        tags: ['payments'],
        summary: "The buyer's browser back from SSLCommerz's page: sent on to their payment page, which confirms the payment with SSLCommerz",
        params: SslcommerzReturnParams,
        body: SslcommerzNotice,
        response: { 303: z.null(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { tran_id: tranId } = request.body;
      const bookingId = await walletCheckout.bookingOf(METHOD, tranId);
      if (!bookingId) throw notFound('SSLCommerz payment');
      // A signed return is as good as an IPN (which may never come): confirmed just after. An unsigned one only sends the
      // buyer on; their page asks SSLCommerz either way.
      await walletCheckout.notified(METHOD, request.body as Record<string, string>, tranId).catch((error: unknown) => request.log.warn({ err: error, tranId }, 'an SSLCommerz return was not signed; the payment page asks SSLCommerz'));
      const page = new URL(`/dashboard/payment/${bookingId}`, env.WEB_URL);
      page.search = new URLSearchParams({ method: METHOD, paymentID: tranId, status: outcomeStatus[request.params.outcome] }).toString();
      return reply.code(303).header('location', page.toString()).send(null);
    },
  );
}

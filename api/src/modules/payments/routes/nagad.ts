import { z } from 'zod';
import { NagadCallbackQuery } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { notFound } from '../../../domain-error.ts';
import { errors, type ZodApp } from '../../../routes/types.ts';

const METHOD = 'nagad';
/** Nagad's word for how the buyer left its page, as the payment page reads it (only a hint: verify decides). */
const statusOf = (status: string | undefined) => (status === 'Success' ? 'success' : status === 'Aborted' ? 'cancel' : 'failure');

/**
 * Nagad's page sends the buyer's browser back here (its merchantCallbackURL, one address for every order): the payment
 * is asked of Nagad's verify call and concluded just after, and the buyer is sent on to their payment page, which asks again. What
 * the address says is never believed: Nagad signs nothing on it.
 */
export async function nagadRoutes(app: ZodApp, services: Services) {
  const { walletCheckout, env } = services;
  if (!env.PAYMENT_METHODS.includes(METHOD)) return;
  app.get(
    '/payments/nagad/callback',
    {
      schema: {
        operationId: 'nagadCallback',
        tags: ['payments'],
        summary: "The buyer's browser back from Nagad's page: sent on to their payment page, which confirms the payment with Nagad's verify call",
        querystring: NagadCallbackQuery,
        response: { 303: z.null(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { payment_ref_id: reference, status } = request.query;
      const bookingId = await walletCheckout.bookingOf(METHOD, reference);
      if (!bookingId) throw notFound('Nagad payment');
      // Asked of Nagad just after (its verify call), so the payment is recorded even if the buyer's page never loads; the
      // page asks again and shows how it ended. Nagad unreachable: the page and the sweep ask later.
      walletCheckout.returned(METHOD, reference);
      const page = new URL(`/dashboard/payment/${bookingId}`, env.WEB_URL);
      page.search = new URLSearchParams({ method: METHOD, paymentID: reference, status: statusOf(status) }).toString();
      return reply.code(303).header('location', page.toString()).send(null);
    },
  );
}

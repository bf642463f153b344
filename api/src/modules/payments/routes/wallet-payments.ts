import { CompleteWalletPaymentBody, PaymentMethodList, StartWalletPaymentBody, StartWalletPaymentResponse, WalletParams, WalletPaymentResult } from '@phonehaat/shared-api';
import { CURRENCY } from '../../../money.ts';
import { poishaDueOnline } from '../settlement.ts';
import type { Services } from '../../../services.ts';
import { payableBooking } from '../../orders/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** Paying from a mobile wallet (bKash): start on the wallet's page, complete when the buyer is back (issue 32). */
export async function walletPaymentRoutes(app: ZodApp, services: Services) {
  const { guards, walletCheckout, env } = services;
  const ownBooking = payableBooking(services);

  app.get(
    '/payment-methods',
    {
      schema: {
        operationId: 'listPaymentMethods',
        tags: ['payments'],
        summary: 'The ways to pay this deployment offers, in the order the payment page shows them',
        response: { 200: PaymentMethodList },
      },
    },
    async () => env.PAYMENT_METHODS,
  );

  app.post(
    '/payments/:method/start',
    {
      preHandler: [guards.authenticate, guards.requirePermission('pay:booking:own')],
      schema: {
        operationId: 'startWalletPayment',
        tags: ['payments'],
        summary: "Start paying for a booking from a wallet: the booking's stored price, and the wallet's page to send the buyer to",
        security: bearerAuth,
        params: WalletParams,
        body: StartWalletPaymentBody,
        response: { 200: StartWalletPaymentResponse, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const booking = await ownBooking(request, request.body.bookingId);
      const { redirectUrl } = await walletCheckout.start(booking, request.params.method);
      return { redirectUrl, amount: poishaDueOnline(booking) / 100, currency: CURRENCY };
    },
  );

  app.post(
    '/payments/:method/complete',
    {
      preHandler: [guards.authenticate, guards.requirePermission('pay:booking:own')],
      schema: {
        operationId: 'completeWalletPayment',
        'x-rules': ['This payment belongs to another booking'],
        tags: ['payments'],
        summary: "The buyer is back from the wallet's page: the payment is executed and checked with the wallet, and the sale recorded once",
        security: bearerAuth,
        params: WalletParams,
        body: CompleteWalletPaymentBody,
        response: { 200: WalletPaymentResult, 202: WalletPaymentResult, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const { bookingId, paymentId, status } = request.body;
      const booking = await ownBooking(request, bookingId);
      const result = await walletCheckout.complete(booking, request.params.method, { paymentId, status });
      return reply.code(result.outcome === 'pending' ? 202 : 200).send(result);
    },
  );
}

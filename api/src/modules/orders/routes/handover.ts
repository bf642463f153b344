import { Booking, HandoverCodeBody, IdParams, Released } from '@phonehaat/shared-api';
import { notFound } from '../../../errors.ts';
import { actorOf, assertCan } from '../../../plugins/auth.ts';
import type { Services } from '../../../services.ts';
import { toBooking } from './bookings.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** Releasing a held sale at the handover (issue 33): the buyer confirms, or the seller enters the buyer's code. */
export async function handoverRoutes(app: ZodApp, { guards, escrow, repos, cache }: Services) {
  async function parties(bookingId: string) {
    const found = await escrow.partiesOf(bookingId);
    if (!found) throw notFound('Booking');
    return found;
  }

  app.post(
    '/bookings/:id/received',
    {
      preHandler: [guards.authenticate, guards.requirePermission('release:booking:own')],
      schema: {
        operationId: 'confirmReceived',
        tags: ['bookings'],
        summary: "The buyer's \"I received the phone\": the held money goes to the seller",
        security: bearerAuth,
        params: IdParams,
        response: { 200: Booking, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { buyerId } = await parties(request.params.id);
      assertCan(actorOf(request), { own: 'release:booking:own' }, buyerId);
      await escrow.confirmReceived(request.params.id);
      cache.clear();
      const booking = await repos.bookings.findById(request.params.id);
      if (!booking) throw notFound('Booking');
      return toBooking(booking);
    },
  );

  app.post(
    '/bookings/:id/handover',
    {
      preHandler: [guards.authenticate, guards.requirePermission('enter:handover-code:own')],
      // Counted per seller after sign-in, not per address: most people in Bangladesh reach us through a carrier's NAT,
      // and a stranger's tries must not use up theirs (the five tries per booking are the escrow's own limit).
      config: { rateLimit: { max: 20, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request) => `handover:${actorOf(request).id}` } },
      schema: {
        operationId: 'enterHandoverCode',
        'x-rules': ["That is not the buyer's code: <how many tries are left>"],
        tags: ['bookings'],
        summary: "The seller enters the buyer's six-digit code at the meeting (5 tries per booking): the held money is released",
        security: bearerAuth,
        params: IdParams,
        body: HandoverCodeBody,
        response: { 200: Released, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { sellerId } = await parties(request.params.id);
      assertCan(actorOf(request), { own: 'enter:handover-code:own' }, sellerId);
      await escrow.enterCode(request.params.id, request.body.code);
      cache.clear();
      return { released: true as const };
    },
  );
}

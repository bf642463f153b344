import { IdParams, Inserted, ModifiedCount, RemoveReviewBody, ReviewBody, ReviewPage, ReviewPageQuery, ReviewReplyBody, SellerPhones, SellerPhonesQuery, SellerProfile } from '@phonehaat/shared-api';
import { REVIEW_EDIT_DAYS } from '@phonehaat/shared-api/limits';
import type { Services } from '../../../services.ts';
import { conflict, forbidden, type HttpError, notFound } from '../../../errors.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { ReviewRefusal } from '../repositories/reviews.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** Each refusal as the caller reads it. */
function answer(refusal: ReviewRefusal): HttpError {
  switch (refusal.reason) {
    case 'not-found':
      return notFound('Review');
    case 'not-yours':
      return forbidden('Only the buyer who paid can rate this sale, and only the seller reviewed can reply');
    case 'not-paid':
      return conflict('You can rate the seller once the phone is paid for (a refunded purchase cannot be rated)');
    case 'already':
      return conflict('You already rated this purchase: change your review instead');
    case 'too-late':
      return conflict(`A review can be changed for ${REVIEW_EDIT_DAYS} days after it was written`);
    case 'replied':
      return conflict('You already replied to this review');
  }
}
const refused = (error: unknown) => (error instanceof ReviewRefusal ? answer(error) : error);

/** Ratings from buyers who paid, sellers' replies, the admin's removals, and sellers' public profiles (issue 28). */
export async function reviewRoutes(app: ZodApp, services: Services) {
  reviewChangeRoutes(app, services);
  reviewReadRoutes(app, services);
}

/** A buyer's rating, a seller's reply, and the admin's removal. */
function reviewChangeRoutes(app: ZodApp, { repos, guards, cache, database }: Services) {
  app.post(
    '/bookings/:id/review',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:review:own')],
      schema: {
        operationId: 'createReview',
        tags: ['trust'],
        summary: "Rate the seller of a purchase: its buyer, once the booking is paid (not refunded), once per booking",
        security: bearerAuth,
        params: IdParams,
        body: ReviewBody,
        response: { 201: Inserted, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const insertedId = await repos.reviews.create(request.params.id, actorOf(request).id, request.body).catch((error: unknown) => {
        throw refused(error);
      });
      cache.clear();
      return reply.code(201).send({ acknowledged: true as const, insertedId });
    },
  );

  app.put(
    '/reviews/:id',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:review:own')],
      schema: {
        operationId: 'updateReview',
        tags: ['trust'],
        summary: `Change your review (its stars and comment) within ${REVIEW_EDIT_DAYS} days of writing it`,
        security: bearerAuth,
        params: IdParams,
        body: ReviewBody,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await repos.reviews.update(request.params.id, actorOf(request).id, request.body).catch((error: unknown) => {
        throw refused(error);
      });
      cache.clear();
      return { modifiedCount: 1 };
    },
  );

  app.post(
    '/reviews/:id/reply',
    {
      preHandler: [guards.authenticate, guards.requirePermission('reply:review:own')],
      schema: {
        operationId: 'replyToReview',
        tags: ['trust'],
        summary: 'Reply to a review of you, once (the reviewed seller only)',
        security: bearerAuth,
        params: IdParams,
        body: ReviewReplyBody,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await repos.reviews.reply(request.params.id, actorOf(request).id, request.body.reply).catch((error: unknown) => {
        throw refused(error);
      });
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/admin/reviews/:id',
    {
      preHandler: [guards.authenticate, guards.requirePermission('delete:review:any')],
      schema: {
        operationId: 'removeReview',
        tags: ['trust'],
        summary: 'Remove an abusive review, with a reason: hidden everywhere and out of the average, and in the activity log',
        security: bearerAuth,
        params: IdParams,
        body: RemoveReviewBody,
        response: { 200: ModifiedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = actorOf(request);
      const { reason } = request.body;
      const { id } = request.params;
      const removed = await database.db.transaction(async (tx) => {
        const label = await repos.reviews.remove(tx, id, reason);
        if (label) await repos.audit.record(tx, { actor: admin, action: 'remove-review', target: { type: 'review', id, label }, reason });
        return label;
      });
      if (!removed) throw notFound('Review');
      cache.clear();
      return { modifiedCount: 1 };
    },
  );
}

/** Who reads what: a seller their own reviews; anyone a seller's profile, reviews and phones on sale. */
function reviewReadRoutes(app: ZodApp, { repos, guards, cache }: Services) {
  app.get(
    '/me/reviews',
    {
      preHandler: [guards.authenticate, guards.requirePermission('reply:review:own')],
      schema: {
        operationId: 'listMyReviews',
        tags: ['trust'],
        summary: "The caller's reviews as a seller, newest first, for My Product (where they reply)",
        security: bearerAuth,
        querystring: ReviewPageQuery,
        response: { 200: ReviewPage, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await repos.reviews.page(actorOf(request).id, page, limit)), page, limit };
    },
  );

  app.get(
    '/sellers/:id',
    {
      schema: {
        operationId: 'getSellerProfile',
        tags: ['trust'],
        summary: 'A seller as buyers see them: verified badge, member since, phones sold, average rating and count',
        params: IdParams,
        response: { 200: SellerProfile, ...errors(400, 404) },
      },
    },
    async (request) => {
      const profile = await cache.get(`seller:${request.params.id}`, () => repos.reviews.profile(request.params.id));
      if (!profile) throw notFound('Seller');
      return profile;
    },
  );

  app.get(
    '/sellers/:id/reviews',
    {
      schema: {
        operationId: 'listSellerReviews',
        tags: ['trust'],
        summary: "A seller's reviews, newest first, with their replies",
        params: IdParams,
        querystring: ReviewPageQuery,
        response: { 200: ReviewPage, ...errors(400) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await repos.reviews.page(request.params.id, page, limit)), page, limit };
    },
  );

  app.get(
    '/sellers/:id/listings',
    {
      schema: {
        operationId: 'listSellerPhones',
        tags: ['trust'],
        summary: "A seller's phones on sale, newest first",
        params: IdParams,
        querystring: SellerPhonesQuery,
        response: { 200: SellerPhones, ...errors(400) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await repos.catalog.listOnSaleBySeller(request.params.id, page, limit)), page, limit };
    },
  );
}

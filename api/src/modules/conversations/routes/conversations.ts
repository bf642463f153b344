import { z } from 'zod';
import {
  Acknowledged,
  IdParams,
  Inserted,
  Message,
  MessageIdParams,
  ReportMessageBody,
  OpenThreadBody,
  SeenBody,
  SendMessageBody,
  StreamQuery,
  StreamTicket,
  Thread,
  ThreadDetail,
  ThreadList,
  ThreadMessagesQuery,
  UnreadCount,
  paths,
  type StreamEvent,
} from '@phonehaat/shared-api';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../../services.ts';
import { notificationEvents } from '../../notifications/index.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../../errors.ts';
import { actorOf } from '../../../plugins/auth.ts';
import type { ThreadParties } from '../repositories/threads.ts';
import { ClientIdReusedError } from '../repositories/threads.ts';
import { AlreadyReportedError } from '../../trust/index.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

type Repos = Services['repos'];

/** The thread, when the caller is one of its two people; its side. */
async function ownThread(repos: Repos, request: FastifyRequest, threadId: string): Promise<{ thread: ThreadParties; side: 'buyer' | 'seller'; otherId: string }> {
  const me = actorOf(request);
  const thread = await repos.threads.parties(threadId);
  if (!thread) throw notFound('Conversation');
  if (thread.buyerId === me.id) return { thread, side: 'buyer', otherId: thread.sellerId };
  if (thread.sellerId === me.id) return { thread, side: 'seller', otherId: thread.buyerId };
  throw forbidden('This conversation is not yours');
}

async function summary(repos: Repos, userId: string, threadId: string) {
  const [found] = await repos.threads.summaries(userId, threadId);
  if (!found) throw notFound('Conversation');
  return found;
}

/** Conversations about a listing between its seller and a buyer (issue 26), and the live stream of them. */
export async function conversationRoutes(app: ZodApp, services: Services) {
  threadRoutes(app, services);
  messageRoutes(app, services);
  liveRoutes(app, services);
}

/** Opening a conversation about a listing, and reading the caller's. */
function threadRoutes(app: ZodApp, { repos, guards }: Services) {
  const talker = [guards.authenticate, guards.requirePermission('read:thread:own')];
  const tags = ['conversations'];

  app.post(
    '/threads',
    {
      preHandler: [guards.authenticate, guards.requirePermission('create:thread'), guards.requireVerifiedPhone],
      schema: {
        operationId: 'openThread',
        tags,
        summary:
          "Open the conversation about a listing (one per listing and buyer; the existing one if there is): a buyer's with its seller, or " +
          'with buyerId its seller\'s with someone who booked it',
        security: bearerAuth,
        body: OpenThreadBody,
        response: { 200: Thread, 201: Thread, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const me = actorOf(request);
      const { productId, buyerId } = request.body;
      const product = await repos.catalog.findProduct(productId);
      if (!product) throw notFound('Product');
      if (buyerId !== undefined) {
        // The seller writes first, to someone who booked the phone.
        if (product.sellerId !== me.id) throw forbidden('Only the listing\'s seller can write to its buyers');
        if (!(await repos.bookings.hasBooked(product.id, buyerId))) throw notFound('Booking');
        const { id, created } = await repos.threads.open(product.id, buyerId, me.id);
        return reply.code(created ? 201 : 200).send(await summary(repos, me.id, id));
      }
      if (product.sellerId === me.id) throw forbidden('This is your own listing: buyers write to you from it');
      const existing = await repos.threads.existing(product.id, me.id);
      if (existing) return reply.code(200).send(await summary(repos, me.id, existing));
      // A new conversation only about a phone still on sale; an earlier one stays readable.
      if (product.deletedAt) throw notFound('Product');
      if (product.status === 'sold') throw conflict('This phone has already been sold');
      const { id } = await repos.threads.open(product.id, me.id, product.sellerId);
      return reply.code(201).send(await summary(repos, me.id, id));
    },
  );

  app.get(
    '/threads',
    {
      preHandler: talker,
      schema: {
        operationId: 'listThreads',
        tags,
        summary: "The caller's conversations, newest first, each with the other person, the listing, the last message and what is unread",
        security: bearerAuth,
        response: { 200: ThreadList, ...errors(401, 403) },
      },
    },
    async (request) => repos.threads.summaries(actorOf(request).id),
  );

  app.get(
    '/threads/:id',
    {
      preHandler: talker,
      schema: {
        operationId: 'getThread',
        tags,
        summary: 'A conversation of the caller and its messages, oldest first (the newest `limit`, or those before a message)',
        security: bearerAuth,
        params: IdParams,
        querystring: ThreadMessagesQuery,
        response: { 200: ThreadDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { thread } = await ownThread(repos, request, request.params.id);
      const [found, page] = await Promise.all([summary(repos, actorOf(request).id, thread.id), repos.threads.messages(thread.id, actorOf(request).id, request.query.limit, request.query.before)]);
      return { thread: found, ...page };
    },
  );
}

/** Writing in a conversation, marking it seen, and reporting a message. */
function messageRoutes(app: ZodApp, { env, repos, guards, hub, notifier, scamCheck, holds }: Services) {
  const talker = [guards.authenticate, guards.requirePermission('read:thread:own')];
  const tags = ['conversations'];

  app.post(
    '/threads/:id/messages',
    {
      preHandler: talker,
      // Counted per person after sign-in, across all their conversations.
      config: {
        rateLimit: { max: env.MESSAGE_RATE_LIMIT_MAX, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request) => `message:${actorOf(request).id}` },
      },
      schema: {
        operationId: 'sendMessage',
        tags,
        summary: 'Send a message (plain text); sent again with the same clientId, it is stored once and answered as it was stored',
        security: bearerAuth,
        params: IdParams,
        body: SendMessageBody,
        response: { 200: Message, 201: Message, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = actorOf(request);
      const { thread, side, otherId } = await ownThread(repos, request, request.params.id);
      const { clientId, body } = request.body;
      if (thread.listing === 'sold') throw conflict('This phone has been sold: the conversation is closed');
      if (thread.listing === 'removed') throw conflict('This listing was removed: the conversation is closed');
      const block = await repos.threads.blockBetween(me.id, otherId);
      if (block === 'blocked-by-me') throw forbidden('You blocked this person: unblock them to write');
      if (block === 'blocked-by-other') throw forbidden('This person does not take messages from you');
      try {
        // Delivered whatever the scam rules see (a false alarm must not break a conversation); its reader is warned.
        const warnings = scamCheck(body, { booked: thread.booked });
        // A sender held for review writes in a conversation new to them: it waits, seen by them alone (issue 70).
        const held = await holds.waits(me.id, thread.id);
        const { message, created } = await repos.threads.send({ threadId: thread.id, senderId: me.id, side, clientId, body, warnings, held });
        if (created) {
          await hub.message(message, message.held ? [me.id] : [thread.buyerId, thread.sellerId]);
          // The admin sees the pattern: a flagged message reaches the Reports queue, reported by PhoneHaat itself, and a
          // sender flagged with several different people within a day is held.
          if (warnings.length > 0) {
            await repos.reports.create({ productId: thread.productId, reporterId: null, reason: 'scam', note: '', messageId: Number(message._id) });
            await holds.afterFlagged(me);
          }
          // One unread "new message" per conversation in the bell: the inbox counts the messages themselves.
          if (!message.held && !(await repos.notifications.hasUnread(otherId, paths.inbox(thread.id)))) {
            const listing = await repos.catalog.findProduct(thread.productId);
            await notifier.send([notificationEvents.message(message._id, thread.id, otherId, me.name, listing?.name ?? '')]);
          }
        }
        return reply.code(created ? 201 : 200).send(message);
      } catch (error) {
        if (error instanceof ClientIdReusedError) throw conflict('This clientId was already used for another message');
        throw error;
      }
    },
  );

  app.post(
    '/threads/:id/seen',
    {
      preHandler: talker,
      schema: {
        operationId: 'markThreadSeen',
        tags,
        summary: "The caller has seen the conversation's messages up to one (the other person is shown \"seen\")",
        security: bearerAuth,
        params: IdParams,
        body: SeenBody,
        response: { 200: Acknowledged, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = actorOf(request);
      const { thread, side } = await ownThread(repos, request, request.params.id);
      const upTo = await repos.threads.markSeen(thread.id, side, request.body.upTo);
      if (upTo !== '0') await hub.seen(thread.id, me.id, upTo, [thread.buyerId, thread.sellerId]);
      // Read here, so the bell's "new message" about this conversation is read too.
      await repos.notifications.markReadAt(me.id, paths.inbox(thread.id));
      return { acknowledged: true as const };
    },
  );

  for (const [method, operationId, summaryText] of [
    ['POST', 'blockInThread', 'Block the other person of a conversation: no messages either way, in any conversation, until unblocked'],
    ['DELETE', 'unblockInThread', 'Unblock the other person of a conversation'],
  ] as const) {
    app.route({
      method,
      url: '/threads/:id/block',
      preHandler: talker,
      schema: { operationId, tags, summary: summaryText, security: bearerAuth, params: IdParams, response: { 200: Thread, ...errors(400, 401, 403, 404) } },
      handler: async (request) => {
        const me = actorOf(request);
        const { thread, otherId } = await ownThread(repos, request, (request.params as IdParams).id);
        await (method === 'POST' ? repos.threads.block(me.id, otherId) : repos.threads.unblock(me.id, otherId));
        return summary(repos, me.id, thread.id);
      },
    });
  }

  app.post(
    '/messages/:id/report',
    {
      preHandler: talker,
      config: {
        rateLimit: { max: env.REPORT_RATE_LIMIT_MAX, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `report:${actorOf(request).id}` },
      },
      schema: {
        operationId: 'reportMessage',
        tags,
        summary: "Report the other person's message to PhoneHaat: it reaches the admin's Reports queue, quoted, under the listing",
        security: bearerAuth,
        params: MessageIdParams,
        body: ReportMessageBody,
        response: { 201: Inserted, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = actorOf(request);
      const found = await repos.threads.messageInThread(request.params.id);
      if (!found) throw notFound('Message');
      if (found.thread.buyerId !== me.id && found.thread.sellerId !== me.id) throw forbidden('This conversation is not yours');
      if (found.message.senderId === me.id) throw forbidden('You cannot report your own message');
      const { reason, note } = request.body;
      try {
        const insertedId = await repos.reports.create({ productId: found.thread.productId, reporterId: me.id, reason, note, messageId: Number(found.message._id) });
        return reply.code(201).send({ acknowledged: true as const, insertedId });
      } catch (error) {
        if (error instanceof AlreadyReportedError) throw conflict('You already reported this message: the team will look at it');
        throw error;
      }
    },
  );
}

/** What is unread, and the live stream of it. */
function liveRoutes(app: ZodApp, { repos, guards, hub, tokens }: Services) {
  const tags = ['conversations'];

  app.get(
    '/inbox/unread',
    {
      // The navbar asks for everyone signed in: an admin (no conversations) is answered 0, not 403 in the console.
      preHandler: [guards.authenticate, guards.requirePermission('read:notification:own')],
      schema: {
        operationId: 'countUnreadThreads',
        tags,
        summary: 'How many of the caller\'s conversations have messages they have not seen (the navbar\'s count)',
        security: bearerAuth,
        response: { 200: UnreadCount, ...errors(401, 403) },
      },
    },
    async (request) => ({ threads: await repos.threads.unreadThreads(actorOf(request).id) }),
  );

  app.post(
    '/stream/tickets',
    {
      // The stream carries notifications (the bell) as well as messages: everyone with a bell may open it, the admin
      // included (who has no conversations: asking for a ticket answered 403 in every admin page's console).
      preHandler: [guards.authenticate, guards.requirePermission('read:notification:own')],
      schema: {
        operationId: 'createStreamTicket',
        tags,
        summary: 'A ticket that opens the caller\'s event stream within a minute (a browser\'s EventSource cannot send a bearer token)',
        security: bearerAuth,
        response: { 200: StreamTicket, ...errors(401, 403) },
      },
    },
    async (request) => {
      const { ticket, expiresAt } = await tokens.signStreamTicket(actorOf(request).id);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/stream',
    {
      schema: {
        operationId: 'openStream',
        tags,
        summary:
          'Server-Sent Events: the caller\'s new messages and "seen" marks, live. With `after`, first every message since that one ' +
          '(some may come twice: keep each id once), then `ready`.',
        querystring: StreamQuery,
        response: {
          200: {
            description:
              'An endless event stream (Server-Sent Events). Each event is named by its type (`message`, `seen`, `notification`, `ready`) and carries its JSON as `data`; ' +
              'a message event has the message id as its `id`. A comment line comes every 25 seconds to keep proxies from closing it.',
            content: { 'text/event-stream': { schema: z.string().describe('text/event-stream: `event: <type>`, `data: <StreamEvent as JSON>`, `id: <message id>` lines, each event ended by a blank line') } },
          },
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      let ticket: Awaited<ReturnType<typeof tokens.verifyStreamTicket>>;
      try {
        ticket = await tokens.verifyStreamTicket(request.query.ticket);
      } catch {
        throw unauthorized('This stream ticket is invalid or expired: ask for a new one');
      }
      // One stream per ticket: a copy of the address (a log, a proxy's history) opens nothing.
      if (!(await repos.streamTickets.spend(ticket.id, ticket.expiresAt))) throw unauthorized('This stream ticket was already used: ask for a new one');
      const { userId } = ticket;
      if (!(await repos.users.findActiveById(userId))) throw unauthorized('This account no longer exists');
      const send = (event: StreamEvent, id?: string) => reply.sse({ event: event.type, data: JSON.stringify(event), ...(id ? { id } : {}) });
      // Listening first, then catching up: a message stored in between comes twice, never not at all.
      const unsubscribe = hub.subscribe(userId, { send, close: () => reply.sseContext.source.end() });
      const heartbeat = setInterval(() => reply.sse({ comment: 'keep-alive' }), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        reply.sseContext?.source.end();
      });
      const { after } = request.query;
      if (after) for (const message of await repos.threads.since(userId, after)) send({ type: 'message', message }, message._id);
      send({ type: 'ready' });
    },
  );
}

import { Acknowledged, IdParams, ReleasedSender, SenderHoldList, paths } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { notificationEvents } from '../../notifications/index.ts';
import { notFound } from '../../../errors.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/**
 * Senders held for review (issue 70): the admin's list, holding someone from a flagged message's report, and releasing
 * them (what they wrote while held is delivered). The rules of it are the holds service's (holds/service.ts).
 */
export async function holdRoutes(app: ZodApp, { repos, guards, holds, hub, notifier }: Services) {
  const moderator = [guards.authenticate, guards.requirePermission('moderate:listing:any')];
  const tags = ['reports'];
  const person = async (id: string) => {
    const found = await repos.users.findActiveById(id);
    if (!found) throw notFound('Person');
    return found;
  };

  app.get(
    '/admin/holds',
    {
      preHandler: moderator,
      schema: {
        operationId: 'listSenderHolds',
        tags,
        summary: 'People held for review, oldest first: by the scam rules (flagged with several people within a day) or by an admin',
        security: bearerAuth,
        response: { 200: SenderHoldList, ...errors(401, 403) },
      },
    },
    async () => holds.list(),
  );

  app.post(
    '/admin/users/:id/hold',
    {
      preHandler: moderator,
      schema: {
        operationId: 'holdSender',
        tags,
        summary: 'Hold a person for review: what they write in a conversation new to them waits, seen by them alone, until released',
        description: 'In the activity log. 409 when they are held already.',
        security: bearerAuth,
        params: IdParams,
        response: { 200: Acknowledged, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await holds.hold(actorOf(request), await person(request.params.id));
      return { acknowledged: true as const };
    },
  );

  app.delete(
    '/admin/users/:id/hold',
    {
      preHandler: moderator,
      schema: {
        operationId: 'releaseSender',
        tags,
        summary: 'Release a person held for review: the messages that waited are delivered, each to its conversation',
        description: 'In the activity log. 404 when they are not held.',
        security: bearerAuth,
        params: IdParams,
        response: { 200: ReleasedSender, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const sender = await person(request.params.id);
      const delivered = await holds.release(actorOf(request), sender);
      for (const { message, to } of delivered) await hub.message(message, to);
      // One "new message" in the bell a conversation, as when a message is sent.
      const told = new Map(delivered.map((item) => [item.message.threadId, item]));
      for (const { message, to, productId } of told.values()) {
        const otherId = to[0] === sender.id ? to[1] : to[0];
        if (await repos.notifications.hasUnread(otherId, paths.inbox(message.threadId))) continue;
        const listing = await repos.catalog.findProduct(productId);
        await notifier.send([notificationEvents.message(message._id, message.threadId, otherId, sender.name, listing?.name ?? '')]);
      }
      return { acknowledged: true as const, delivered: delivered.length };
    },
  );
}

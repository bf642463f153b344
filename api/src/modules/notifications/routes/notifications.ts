import {
  EmailSettings,
  EmailSettingsBody,
  MarkReadBody,
  ModifiedCount,
  NotificationPage,
  NotificationsQuery,
  Unsubscribed,
  UnsubscribeQuery,
  UnreadNotifications,
} from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { badRequest } from '../../../errors.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** A person's notifications (issue 27) and which e-mails they get. */
export async function notificationRoutes(app: ZodApp, services: Services) {
  bellRoutes(app, services);
  emailChoiceRoutes(app, services);
}

/** The bell: a person's notifications, read and marked read. */
function bellRoutes(app: ZodApp, { repos, guards }: Services) {
  const own = [guards.authenticate, guards.requirePermission('read:notification:own')];
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      preHandler: own,
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: "The caller's notifications, newest first, with the number unread; `before` pages back",
        security: bearerAuth,
        querystring: NotificationsQuery,
        response: { 200: NotificationPage, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const me = actorOf(request);
      const [page, unread] = await Promise.all([
        repos.notifications.list(me.id, request.query.before, request.query.limit),
        repos.notifications.unreadCount(me.id),
      ]);
      return { ...page, unread };
    },
  );

  app.get(
    '/notifications/unread',
    {
      preHandler: own,
      schema: {
        operationId: 'countUnreadNotifications',
        tags,
        summary: "How many of the caller's notifications are unread (the bell)",
        security: bearerAuth,
        response: { 200: UnreadNotifications, ...errors(401, 403) },
      },
    },
    async (request) => ({ count: await repos.notifications.unreadCount(actorOf(request).id) }),
  );

  app.post(
    '/notifications/read',
    {
      preHandler: own,
      schema: {
        operationId: 'markNotificationsRead',
        tags,
        summary: "Mark these of the caller's notifications read, or without ids all of them",
        security: bearerAuth,
        body: MarkReadBody,
        response: { 200: ModifiedCount, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ modifiedCount: await repos.notifications.markRead(actorOf(request).id, request.body.ids) }),
  );
}

/** Which notifications come by e-mail, and a one-tap unsubscribe from one. */
function emailChoiceRoutes(app: ZodApp, { repos, guards, unsubscribe }: Services) {
  const own = [guards.authenticate, guards.requirePermission('read:notification:own')];
  const tags = ['notifications'];

  app.get(
    '/me/email-settings',
    {
      preHandler: own,
      schema: {
        operationId: 'getEmailSettings',
        tags,
        summary: 'Which kinds of e-mail the caller gets, and the language they are written in',
        security: bearerAuth,
        response: { 200: EmailSettings, ...errors(401, 403) },
      },
    },
    async (request) => {
      const me = actorOf(request);
      return { email: await repos.notifications.emailSettings(me.id), language: me.language };
    },
  );

  app.put(
    '/me/email-settings',
    {
      preHandler: own,
      schema: {
        operationId: 'updateEmailSettings',
        tags,
        summary: 'Turn kinds of e-mail on or off (the kinds not named stay as they are)',
        security: bearerAuth,
        body: EmailSettingsBody,
        response: { 200: EmailSettings, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const me = actorOf(request);
      await repos.notifications.setEmail(me.id, request.body.email);
      return { email: await repos.notifications.emailSettings(me.id), language: me.language };
    },
  );

  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058); its body says nothing
  // more than that, so it is read and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.post(
    '/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribeEmail',
        'x-rules': ['This unsubscribe link is not valid: use the link from the e-mail, or change your settings after signing in'],
        tags,
        summary: "Turn off one kind of e-mail for one person, without signing in: the token from that e-mail's link (RFC 8058 one-click)",
        querystring: UnsubscribeQuery,
        response: { 200: Unsubscribed, ...errors(400) },
      },
    },
    async (request) => {
      const reader = unsubscribe.read(request.query.token);
      if (!reader) throw badRequest('This unsubscribe link is not valid: use the link from the e-mail, or change your settings after signing in', 'token');
      await repos.notifications.setEmail(reader.userId, { [reader.kind]: false });
      return { kind: reader.kind, unsubscribed: true as const };
    },
  );
}

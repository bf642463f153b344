import { createECDH } from 'node:crypto';
import { DeletedCount, IdParams, PushDevice, PushDeviceList, PushKey, PushRenewalBody, PushSubscriptionBody } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { deviceOf } from '../../identity/index.ts';
import { badRequest, HttpError, notFound } from '../../../errors.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

const NOT_OFFERED = 'Push notifications are not offered here';
const NOT_A_PUSH_SERVICE = "The endpoint is not a push service's address";
const NOT_A_POINT = 'keys.p256dh is not a point on the P-256 curve';
const UNKNOWN_SUBSCRIPTION = 'No device gets pushes with oldSubscription: turn pushes on again in the notification settings';

/** Whether the browser's key is one a push can be encrypted to (RFC 8291's ECDH): else every push would fail. */
function isP256Point(key: string): boolean {
  try {
    const ours = createECDH('prime256v1');
    ours.generateKeys();
    ours.computeSecret(Buffer.from(key, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** Whether an endpoint is at one of the push services the API sends to (PUSH_SERVICES; `*.` for any subdomain). */
export function isPushService(endpoint: string, services: readonly string[]): boolean {
  const url = new URL(endpoint);
  return services.some((service) => {
    const allowed = new URL(service.replace('*.', 'wildcard.'));
    if (url.protocol !== allowed.protocol || url.port !== allowed.port) return false;
    return service.includes('*.') ? url.hostname.endsWith(allowed.hostname.slice('wildcard'.length)) : url.hostname === allowed.hostname;
  });
}

/** Web Push (issue 48): the key browsers subscribe with, and the devices a person gets pushes on. */
export async function pushRoutes(app: ZodApp, services: Services) {
  pushKeyRoutes(app, services);
  subscriptionRoutes(app, services);
}

/** The key browsers subscribe with, where this API sends pushes at all. */
function offeredKey(env: Services['env'], pushSender: Services['pushSender']): string {
  if (!pushSender || !env.VAPID_PUBLIC_KEY) throw new HttpError(404, NOT_OFFERED);
  return env.VAPID_PUBLIC_KEY;
}

/** The key browsers subscribe with, and a person's devices. */
function pushKeyRoutes(app: ZodApp, { env, repos, guards, pushSender }: Services) {
  const own = [guards.authenticate, guards.requirePermission('read:notification:own')];
  const tags = ['notifications'];
  const offered = () => offeredKey(env, pushSender);

  app.get(
    '/push/key',
    {
      schema: {
        operationId: 'getPushKey',
        'x-rules': [NOT_OFFERED],
        tags,
        summary: "The VAPID public key (RFC 8292) a browser subscribes with, as PushManager.subscribe's applicationServerKey",
        response: { 200: PushKey, ...errors(404) },
      },
    },
    async () => ({ publicKey: offered() }),
  );

  app.get(
    '/me/push-subscriptions',
    {
      preHandler: own,
      schema: { operationId: 'listPushDevices', tags, summary: 'The devices the caller gets pushes on, newest first', security: bearerAuth, response: { 200: PushDeviceList, ...errors(401, 403) } },
    },
    async (request) => ({ items: await repos.pushDevices.list(actorOf(request).id) }),
  );
}

/** A device subscribed, unsubscribed, and renewed by its browser. */
function subscriptionRoutes(app: ZodApp, { env, repos, guards, pushSender }: Services) {
  const own = [guards.authenticate, guards.requirePermission('read:notification:own')];
  const tags = ['notifications'];
  const offered = () => offeredKey(env, pushSender);
  /** A subscription pushes can go to: at a push service, with a key they can be encrypted to. */
  const checkSubscription = (subscription: PushSubscriptionBody, field = '') => {
    if (!isPushService(subscription.endpoint, env.PUSH_SERVICES)) throw badRequest(NOT_A_PUSH_SERVICE, `${field}endpoint`);
    if (!isP256Point(subscription.keys.p256dh)) throw badRequest(NOT_A_POINT, `${field}keys.p256dh`);
  };

  app.post(
    '/me/push-subscriptions',
    {
      preHandler: own,
      schema: {
        operationId: 'subscribePush',
        'x-rules': [NOT_OFFERED, NOT_A_PUSH_SERVICE, NOT_A_POINT],
        tags,
        summary: "Get pushes on this device: the browser's PushSubscription (its toJSON()); the same endpoint again updates it",
        security: bearerAuth,
        body: PushSubscriptionBody,
        response: { 201: PushDevice, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      offered();
      checkSubscription(request.body);
      const device = deviceOf(request.headers['user-agent']);
      return reply.code(201).send(await repos.pushDevices.subscribe(actorOf(request).id, request.body, device));
    },
  );

  app.delete(
    '/me/push-subscriptions/:id',
    {
      preHandler: own,
      schema: {
        operationId: 'unsubscribePush',
        tags,
        summary: 'No more pushes on this device (its pushes not yet sent are dropped); only the caller’s own',
        security: bearerAuth,
        params: IdParams,
        response: { 200: DeletedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const deletedCount = await repos.pushDevices.remove(actorOf(request).id, request.params.id);
      if (deletedCount === 0) throw notFound('Push subscription');
      return { deletedCount };
    },
  );

  // The service worker's `pushsubscriptionchange` (shell/public/push-sw.js): the browser gave the device a new
  // subscription by itself. The worker has no sign-in; the old subscription's keys, known only to that browser and the
  // API, say which device it is. Without this, pushes to the old address would start failing (410) and the device
  // would be forgotten until the person turned pushes on again.
  app.post(
    '/push/renewals',
    {
      schema: {
        operationId: 'renewPush',
        'x-rules': [NOT_OFFERED, NOT_A_PUSH_SERVICE, NOT_A_POINT, UNKNOWN_SUBSCRIPTION],
        tags,
        summary: 'A device goes on getting pushes after its browser replaced the subscription by itself (no sign-in: the old keys prove it)',
        body: PushRenewalBody,
        response: { 200: PushDevice, ...errors(400, 404) },
      },
    },
    async (request) => {
      offered();
      checkSubscription(request.body.newSubscription, 'newSubscription.');
      const renewed = await repos.pushDevices.renew(request.body);
      if (!renewed) throw new HttpError(404, UNKNOWN_SUBSCRIPTION);
      return renewed;
    },
  );
}

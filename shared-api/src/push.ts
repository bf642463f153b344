import { z } from 'zod';
import { Id } from './common.ts';

/**
 * POST /me/push-subscriptions: what `PushSubscription.toJSON()` gives in the browser (RFC 8030's push resource, RFC
 * 8291's keys): the push service's address, the browser's P-256 public key (65 bytes, uncompressed) and its 16-byte
 * authentication secret.
 */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'endpoint must be the push service’s address' }).max(2048, { message: 'endpoint must be at most 2048 characters' }),
  expirationTime: z.number().int().nullable().optional(),
  keys: z.object(
    {
      // Base64url without padding, as the browser writes them: 65 bytes (an uncompressed point starts 0x04) and 16.
      p256dh: z.string({ message: 'keys.p256dh is required' }).regex(/^B[A-Za-z0-9_-]{86}$/, { message: 'keys.p256dh must be a P-256 public key in base64url (87 characters)' }),
      auth: z.string({ message: 'keys.auth is required' }).regex(/^[A-Za-z0-9_-]{22}$/, { message: 'keys.auth must be 16 bytes in base64url (22 characters)' }),
    },
    { message: 'keys are required' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/**
 * POST /push/renewals: the browser replaced a subscription by itself (the service worker's `pushsubscriptionchange`):
 * the one it had and the one it has now, each as `toJSON()` gives it. The old one's address and keys prove the device,
 * as the worker has no sign-in: only that browser and the API know the keys.
 */
export const PushRenewalBody = z.object({
  oldSubscription: PushSubscriptionBody,
  newSubscription: PushSubscriptionBody,
});
export type PushRenewalBody = z.infer<typeof PushRenewalBody>;

/** One device the person gets pushes on. */
export const PushDevice = z.object({
  _id: Id,
  endpoint: z.string(),
  /** The browser and system that subscribed, as its User-Agent named them. */
  device: z.string(),
  createdAt: z.iso.datetime(),
});
export type PushDevice = z.infer<typeof PushDevice>;

export const PushDeviceList = z.object({ items: z.array(PushDevice) });
export type PushDeviceList = z.infer<typeof PushDeviceList>;

/** GET /push/key: the VAPID public key (RFC 8292) a browser subscribes with, as `applicationServerKey`. */
export const PushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKey>;

/** What a push carries to the service worker, worded in the person's language. */
export const PushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** The page it opens (a path of the web app, with /bn for Bangla). */
  url: z.string(),
  /** One notification per outbox row: a push delivered twice replaces itself. */
  tag: z.string(),
  lang: z.enum(['en', 'bn']),
});
export type PushMessage = z.infer<typeof PushMessage>;

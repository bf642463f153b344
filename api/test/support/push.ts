import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { DEV_VAPID } from '@phonehaat/fake-push';

/** Pushes offered (a VAPID key pair, browsers' own push services allowed), with no job queue: they wait in the outbox. */
export const PUSH_OFFERED = { VAPID_PUBLIC_KEY: DEV_VAPID.publicKey, VAPID_PRIVATE_KEY: DEV_VAPID.privateKey, JOB_QUEUE: 'off' };

/** What a browser's PushManager.subscribe gives: an address at Google's push service, and the browser's own keys. */
export function browserSubscription() {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, expirationTime: null, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

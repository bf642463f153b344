// This browser's side of Web Push (issue 48): whether it can get pushes, its subscription with the push service its
// maker runs (Google's for Chrome, Mozilla's for Firefox), made with PhoneHaat's VAPID key. The service worker that
// shows them is the shell's (public/push-sw.js, registered once the first page is on screen).

export type PushSupport = 'supported' | 'unsupported' | 'blocked';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'supported';
}

/** The worker, once it is in charge; none where the app runs without one (development, a browser that refused it). */
async function worker(waitMs: number): Promise<ServiceWorkerRegistration | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This browser's current subscription, if it has one and may show notifications. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PushRefused extends Error {
  readonly reason: 'blocked' | 'no-worker';
  constructor(reason: 'blocked' | 'no-worker') {
    super(reason);
    this.reason = reason;
  }
}

const bytesOf = (base64url: string) => Uint8Array.from(atob(base64url.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

/** Asks the person (the browser's own prompt), then subscribes with the key; a subscription made with another key is replaced. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('blocked');
  const registration = await worker(10_000);
  if (!registration) throw new PushRefused('no-worker');
  const key = bytesOf(publicKey);
  const existing = await registration.pushManager.getSubscription();
  const sameKey = existing?.options.applicationServerKey && new Uint8Array(existing.options.applicationServerKey).every((byte, i) => byte === key[i]);
  if (existing && sameKey) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

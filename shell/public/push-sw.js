/* global self */
// Web Push in the installable app's worker (issue 48, decision 041), pulled into sw.js by Workbox's importScripts
// (pwa.ts). The API words each push in the person's language ({ title, body, url, tag, lang }); the worker shows it as
// a notification, one per tag, so a push the push service delivered twice shows once. A tap opens its page, or brings
// the tab already on it to the front.
self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  // Chrome requires every push to show something: an unreadable one still says where it came from.
  const fine = message && typeof message.title === 'string';
  const title = fine ? message.title : 'PhoneHaat';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: fine ? String(message.body ?? '') : '',
      tag: fine && typeof message.tag === 'string' ? message.tag : undefined,
      lang: fine && message.lang === 'bn' ? 'bn' : 'en',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: fine && typeof message.url === 'string' ? message.url : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only the app's own pages.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname === url.pathname);
      if (open) return open.focus();
      return self.clients.openWindow(url.href);
    })(),
  );
});

// The browser replaced the subscription by itself (it expired, or the push service renewed it): pushes to the old
// address will soon be refused, and the API would then forget the device. The worker subscribes again where the
// browser did not already, and tells the API, which knows the device by the old subscription's keys (the worker has no
// sign-in). The API's address is the worker's own `api` parameter (src/app/installable/service-worker.ts). A network
// that is not there is tried again a few times; without an old subscription (older browsers) nothing can prove the
// device, and the person turns pushes on again in the settings.
const RENEWAL_WAITS_MS = [0, 2000, 10000, 30000];

async function renewSubscription(oldSubscription, newSubscription) {
  const api = new URL(self.location.href).searchParams.get('api');
  if (!api || !oldSubscription) return 'unknown device';
  const renewed = newSubscription ?? (await self.registration.pushManager.subscribe(oldSubscription.options));
  const body = JSON.stringify({ oldSubscription: oldSubscription.toJSON(), newSubscription: renewed.toJSON() });
  for (const wait of RENEWAL_WAITS_MS) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const answer = await fetch(`${api}/push/renewals`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      // 4xx: the API will never take this one (the device was turned off meanwhile); tried again would not help.
      if (answer.status < 500) return answer.ok ? 'renewed' : 'refused';
    } catch {
      // Offline: tried again.
    }
  }
  return 'unreachable';
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event.oldSubscription, event.newSubscription));
});

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

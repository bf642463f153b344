// The installable app's service worker (issue 48, decision 040), made by vite-plugin-pwa with Workbox's generateSW at
// the shell's build. What it keeps: the offline page and the icons (precached with the worker's own release), and
// the released, content-hashed files of the shell and every remote as they are used (a file's name is its bytes, so a
// kept file is never stale, and a new release or a rollback names other files: the next load gets exactly that set).
// What it never keeps: pages (composed per request), remoteEntry.js, the manifests and the API, which always go to the
// network, so a release takes effect at the next load. A page that cannot be reached gets the offline page, which words
// itself in the language its address says. Pushes (issue 48) are shown by public/push-sw.js, imported into the worker.
import { VitePWA } from 'vite-plugin-pwa';

export const installableApp = () =>
  VitePWA({
    // Registered by the app once its first page is on screen (src/app/installable/service-worker.ts).
    injectRegister: false,
    // One manifest per language, in public/ (manifest.webmanifest, manifest.bn.webmanifest), linked by index.html.
    manifest: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    workbox: {
      globPatterns: ['offline.html', 'icons/*.png', 'favicon.svg'],
      // Web Push: the worker shows each push as a notification and opens its page when tapped (public/push-sw.js).
      importScripts: ['/push-sw.js'],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
        {
          urlPattern: ({ url }) => /\/assets\/[^/]+[-.][A-Za-z0-9_-]{8,}\.(?:js|css|woff2)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'released-files', expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 }, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });

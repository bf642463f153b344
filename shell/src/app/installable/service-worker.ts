// The installable app (issue 48): the service worker (sw.js, made by vite-plugin-pwa with Workbox at build time,
// vite.config.ts) is registered once the first page is on screen and idle, so it never competes with that page for a
// slow phone's bandwidth or main thread. It answers a page that cannot be reached with the offline page in the page's
// language, and keeps the released, content-hashed files of the shell and the remotes it has seen.

/** The worker's address: it carries the API's, where the worker renews a push subscription the browser replaced (public/push-sw.js). */
export const workerUrl = (apiUrl: string) => `/sw.js?${new URLSearchParams({ api: apiUrl })}`;

/** Registers /sw.js in a built app where the browser has service workers; a refusal leaves the app as it was. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(workerUrl(import.meta.env.PUBLIC_API_URL), { scope: '/' }).catch((error: unknown) => console.warn('PhoneHaat works without its offline page here:', error));
}

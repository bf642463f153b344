import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';
import { installableApp } from './pwa';

// The remotes' pages (their routes, labels, menu entries) come in at build time from their own src/routes.ts; the
// service worker of the installable app (pwa.ts) with the built app only.
export default defineConfig(({ command }) => {
  const config = federatedApp({ name: 'shell', port: ports.shell, serverEntry: './src/server/render-app.tsx' }, { command });
  return command === 'build' ? { ...config, plugins: [...(config.plugins ?? []), installableApp()] } : config;
});

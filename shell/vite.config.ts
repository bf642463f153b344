import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';

// The remotes' pages (their routes, labels, menu entries) come in at build time from their own src/routes.ts.
export default defineConfig(({ command }) => federatedApp({ name: 'shell', port: ports.shell, serverEntry: './src/server/render-app.tsx' }, { command }));

import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';
import { pages } from './src/routes';

// Its exposes, its server-rendered pages and their preloads all follow from its pages (src/routes.ts, issue 44).
export default defineConfig(({ command }) => federatedApp({ name: 'admin', port: ports.admin, pages }, { command }));

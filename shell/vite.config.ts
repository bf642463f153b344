import { defineConfig } from 'vite';
import { ports } from '@phonehaat/federation-config/shared';
import { federatedApp } from '@phonehaat/federation-config/vite';
import { modulesLoaded } from './src/app/route-remotes';

export default defineConfig(({ command }) =>
  federatedApp({ name: 'shell', port: ports.shell, serverEntry: './src/server/render-app.tsx', loads: modulesLoaded() }, { command }),
);

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogsPlugin } from '@phonehaat/federation-config/catalogs';

export default defineConfig({
  plugins: [react(), catalogsPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // jsdom has no viewport, so components get no styles in tests (a mobile-first rule would hide what a desktop shows).
    // Only `?raw` stylesheet imports pass, for src/test/css-modules.test.ts, which checks the stylesheets on their own.
    css: { include: [/[?&]raw(?:&|$)/] },
  },
});

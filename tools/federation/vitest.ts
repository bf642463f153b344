// Unit-test configuration for the browser packages: jsdom, React, and the same PUBLIC_* defines as the build.
import react from '@vitejs/plugin-react';
import { catalogsPlugin } from './catalogs.js';
import { remotePagesPlugin } from './pages.js';
import type { UserConfig } from 'vite';
import { publicEnvDefine } from './public-env.js';

export function webTestConfig(): UserConfig & { test: Record<string, unknown> } {
  return {
    plugins: [react(), catalogsPlugin(), remotePagesPlugin()],
    define: publicEnvDefine({}),
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      // shared-ui's, resolved from the package under test: this folder imports no app package (no workspace cycle).
      setupFiles: ['@phonehaat/shared-ui/vitest-setup'],
      // A page test takes well under a second alone; CI runs four packages' suites at once on two cores, where one
      // was seen at 5.3 s (the default limit is 5).
      testTimeout: 20_000,
    },
  };
}

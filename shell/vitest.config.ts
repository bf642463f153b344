import { webTestConfig } from '@phonehaat/federation-config/vitest';
import { defineConfig } from 'vitest/config';

const config = webTestConfig();
// The shell's server (server/) is tested too, in Node (each of its test files says so).
export default defineConfig({
  ...config,
  test: {
    ...config.test,
    include: [...(config.test.include as string[]), 'server/**/*.test.ts'],
    // The route table is the releases' pages (issue 67): here, the ones the checkout's remotes declare.
    setupFiles: [...(config.test.setupFiles as string[]), './src/test/remote-pages-setup.ts'],
  },
});

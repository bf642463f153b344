import { defineConfig } from 'vitest/config';

// The suite runs on embedded PGlite, and also on a real PostgreSQL server when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: databases.map((database) => ({
      extends: true,
      test: { name: `api:${database}`, include: ['test/**/*.test.ts'], env: { TEST_DATABASE: database } },
    })),
  },
});

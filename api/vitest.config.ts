import { defineConfig } from 'vitest/config';

// The suite runs on embedded PGlite, and also on a real PostgreSQL server when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Three files at a time on two cores (most of a file's time is waiting on the database, the emulator or a timer),
    // in reused workers: each file builds its own app and database, so nothing leaks between them that isolation
    // would catch, and the workers' start-up (the API's whole import graph, every time) is paid once. 839 s → 337 s.
    maxWorkers: 3,
    isolate: false,
    projects: databases.map((database) => ({
      extends: true,
      test: { name: `api:${database}`, include: ['test/**/*.test.ts'], env: { TEST_DATABASE: database } },
    })),
  },
});

import { defineConfig } from 'vitest/config';

// The suite runs on embedded PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server (as CI does), on that server
// as production runs, with the files about the embedded database itself on PGlite too: its data folder, one process
// for every instance, the demo and the seed on it. The rest of the API on PGlite is what the end-to-end journeys run
// on (e2e's stack uses it), so a second run of every file on it (517 s of the suite's 938) tested nothing new.
const server = Boolean(process.env.TEST_DATABASE_URL);
const embeddedOnly = ['db', 'env', 'seed', 'demo', 'periodic', 'instances'].map((name) => `test/${name}.test.ts`);
const databases: { name: 'pglite' | 'postgres'; include: string[] }[] = [
  { name: 'pglite', include: server ? embeddedOnly : ['test/**/*.test.ts'] },
  ...(server ? [{ name: 'postgres' as const, include: ['test/**/*.test.ts'] }] : []),
];

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
    projects: databases.map(({ name, include }) => ({
      extends: true,
      test: { name: `api:${name}`, include, env: { TEST_DATABASE: name } },
    })),
  },
});

import { defineConfig } from 'vitest/config';

// One file at a time: the stack's test owns the machine's podman and ports 8080 while it runs.
// README's test command sets IMAGES_STACK=e2e: here the images are built (images.test.ts), beside the other packages'
// suites; the compose stack's test runs on them later, beside the releasing journeys, which leave most of the
// machine idle (e2e/playwright.config.ts, decision 048). Without it (a laptop), the stack's test builds them itself.
const stackBesideJourneys = process.env.IMAGES_STACK === 'e2e';
export default defineConfig({
  test: {
    include: stackBesideJourneys ? ['src/chart.test.ts', 'src/images.test.ts'] : ['src/chart.test.ts', 'src/stack.test.ts'],
    testTimeout: 120_000,
    fileParallelism: false,
  },
});

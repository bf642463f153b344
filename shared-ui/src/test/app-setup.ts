// Every browser package's unit tests (tools/federation/vitest.ts names this file): its words loaded, the page cleaned after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { activateLanguage, loadCatalogs } from '../i18n/runtime';
import './dialog-escape';

// What a test waits to see (findBy…, waitFor) may take longer than Testing Library's 1 s on CI, where the packages'
// suites and the API's run at once on two cores (a payout wallet's code field was seen late there). A test still
// fails if it never shows.
configure({ asyncUtilTimeout: 5_000 });

// Every catalog the test's modules registered, in English, as a page would have them loaded (issue 25).
beforeAll(async () => {
  await loadCatalogs('en');
  activateLanguage('en');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Server-side tests (the shell's server) run in Node, without storage.
  globalThis.localStorage?.clear();
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { activateLanguage, loadCatalogs } from '../index';
import '../tokens.css';

// The components' words, in English, as a page would have them loaded (issue 25).
beforeAll(async () => {
  await loadCatalogs('en');
  activateLanguage('en');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

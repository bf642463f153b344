// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from '@phonehaat/federation-config/catalogs-check';

describe('the catalogs', () => {
  it('have every key in every language, valid messages with English placeholders, and every key the code uses', () => {
    expect(catalogProblems(fileURLToPath(new URL('../..', import.meta.url)))).toEqual([]);
  });
});

// The OpenAPI document is a product too (CONVENTIONS.md): checked with Spectral's OpenAPI ruleset, the tool made for it.
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Warnings the document keeps, and why: every operation has a summary (a description would repeat it). */
const accepted = new Set(['operation-description']);

describe('the OpenAPI document', () => {
  it("has no error and no warning of Spectral's OpenAPI ruleset beyond those accepted", async () => {
    const spec = (await h.app.inject({ method: 'GET', url: '/docs/json' })).body;
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
    const results = await spectral.run(spec);
    const found = results.filter((result) => result.severity <= 1 && !accepted.has(String(result.code)));
    expect(found.map((result) => `${result.code}: ${result.message} at ${result.path.join('.')}`)).toEqual([]);
  });
});

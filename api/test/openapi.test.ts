// The OpenAPI document is a product too (docs/CONVENTIONS.md): checked with Spectral's OpenAPI ruleset, the tool made for it.
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

  it('says what the API does where it once said less or other (issue 43)', async () => {
    type Op = { parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content: Record<string, { schema: { required?: string[] } }> }; responses: Record<string, { content?: Record<string, unknown> }>; 'x-rules'?: string[]; description?: string };
    const { paths } = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Op>> };
    const parameter = (op: Op, name: string) => op.parameters?.find((p) => p.name === name);
    // Search's repeatable filters are optional, as the API takes them.
    expect(parameter(paths['/search']!.get!, 'brand')?.required).toBe(false);
    expect(parameter(paths['/search']!.get!, 'condition')?.required).toBe(false);
    expect(paths['/search']!.get!['x-rules']).toContain('fromYear cannot be in the future');
    // The stream is an event stream; the upload a multipart body with its one part; the webhook needs its signature.
    expect(Object.keys(paths['/stream']!.get!.responses['200']!.content ?? {})).toEqual(['text/event-stream']);
    expect(paths['/uploads']!.post!.requestBody?.content['multipart/form-data']?.schema.required).toEqual(['photo']);
    expect(parameter(paths['/webhooks/stripe']!.post!, 'stripe-signature')).toMatchObject({ in: 'header', required: true });
    // The rules a schema cannot state are named, with the messages the API answers.
    const listing = paths['/addedproducts']!.post!;
    expect(listing['x-rules']).toEqual(expect.arrayContaining(['Resale price cannot be more than the original price', 'Add at least one photo', 'This IMEI is not valid: check its last digit', 'Add the photo by uploading it: images from other websites are not accepted']));
    expect(listing.description).toContain('Resale price cannot be more than the original price');
    expect(paths['/payout-wallet']!.put!['x-rules']).toContain('A bKash number is 11 digits starting 013–019, like 01712345678');
    expect(paths['/rum/releases']!.get!['x-rules']).toContain('must be a release id (12 hex digits) or "local"');
    // Every operation lists the statuses any request can meet: 429 from the rate limit, 500.
    expect(Object.keys(paths['/categories']!.get!.responses)).toEqual(expect.arrayContaining(['200', '429', '500']));
  });
});

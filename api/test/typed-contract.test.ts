// The frontends' typed client is only as true as its contract (decision 036): the API holds itself to it as it starts.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ChangePriceBody, IdParams, ProductDetail, ProductList } from '@phonehaat/shared-api';
import { endpoints } from '@phonehaat/shared-api/endpoints';
import { operations } from '@phonehaat/shared-api/operations';
import { describe, expect, it } from 'vitest';
import { differences, holdToContract } from '../src/plugins/contract.ts';

const route = (method: string, url: string, schema: Record<string, unknown>) => ({ method, url, schema }) as Parameters<typeof differences>[0];

describe("the API's contract with its frontends", () => {
  it('accepts a route that is its operation: method, path and the very schemas', () => {
    expect(differences(route('GET', '/product/:id', { operationId: 'getProduct', params: IdParams, response: { 200: ProductDetail } }))).toEqual([]);
  });

  it('names every way a route differs: its path, method, a part, its answer, an operation the contract lacks', () => {
    expect(differences(route('GET', '/products/:id', { operationId: 'getProduct', params: IdParams, response: { 200: ProductDetail } }))).toEqual([
      'getProduct is GET /products/:id, the contract says GET /product/:id',
    ]);
    expect(differences(route('PUT', '/addedproducts/:id/price', { operationId: 'changeProductPrice', params: IdParams, body: ChangePriceBody.extend({}), response: { 200: endpoints.changeProductPrice.response } }))).toEqual([
      "changeProductPrice's body is not the contract's",
    ]);
    expect(differences(route('GET', '/advertised', { operationId: 'listAdvertised', response: { 200: ProductList } }))).toEqual(["listAdvertised's query is not the contract's"]);
    expect(differences(route('GET', '/advertised', { operationId: 'listAdvertised', querystring: endpoints.listAdvertised.query, response: { 200: ProductDetail } }))).toEqual([
      "listAdvertised's answer is not the contract's",
    ]);
    expect(differences(route('GET', '/secret', { operationId: 'listSecrets' }))).toEqual(['listSecrets is not in the contract']);
    expect(differences(route('GET', '/secret', {}))).toEqual(['it has no operationId']);
  });

  it('stops the API at a route that differs, and at an operation no route serves', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    holdToContract(app);
    expect(() => app.get('/products/:id', { schema: { operationId: 'getProduct', params: IdParams, response: { 200: ProductDetail } } }, async () => null)).toThrow(
      /differs from its contract.*GET \/products\/:id/,
    );
    app.get('/product/:id', { schema: { operationId: 'getProduct', params: IdParams, response: { 200: ProductDetail } } }, async () => null);
    const refusal = await Promise.resolve(app.ready()).then(() => 'started', (error: Error) => error.message);
    expect(refusal).toMatch(/operations the API does not serve: /);
    expect(refusal).not.toMatch(/\bgetProduct\b/);
    expect(refusal).toContain('listAdvertised');
    expect(Object.keys(operations).length).toBeGreaterThan(90);
  });
});

// A visitor's composed page, read before the cache's code has loaded (no testing.ts here: it loads the library).
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { keepComposedAnswers } from './composed';
import { queryEngineIfLoaded } from './library';
import { CacheBoundary, hydrateCache, QueryView, useApiQuery } from './public';

function Advertised() {
  const read = useApiQuery('listAdvertised', { query: { limit: 12 } });
  return (
    <QueryView query={read} loading={<p>Loading</p>}>
      {(phones) => <p>{phones.map((phone) => phone.name).join(', ')}</p>}
    </QueryView>
  );
}

describe("a visitor's composed page", () => {
  it("shows the server's answers without loading the cache's code, and a boundary for a part that would need it", async () => {
    const state = {
      mutations: [],
      queries: [{ queryKey: ['listAdvertised', { query: { limit: 12 } }], queryHash: 'x', state: { status: 'success', data: [{ name: 'Galaxy A54' }], dataUpdatedAt: Date.now() } }],
    } as unknown as Parameters<typeof keepComposedAnswers>[0];
    await hydrateCache(state, { visitor: true });
    render(<Advertised />);
    expect(screen.getByText('Galaxy A54')).toBeInTheDocument();
    expect(queryEngineIfLoaded()).toBeUndefined();
    // A part whose answer the page did not bring waits for the code in its own boundary, the rest of the page shown.
    function Brands() {
      useApiQuery('listBrands');
      return <p>Brands</p>;
    }
    render(
      <CacheBoundary fallback={<p>Brands are coming</p>}>
        <Brands />
      </CacheBoundary>,
    );
    expect(screen.getByText('Brands are coming')).toBeInTheDocument();
  });

  it('is composed on the server with the same boundaries the browser hydrates (a visitor: a boundary)', () => {
    const html = renderToString(
      <CacheBoundary fallback={<p>later</p>}>
        <p>now</p>
      </CacheBoundary>,
    );
    // React marks a Suspense boundary's content in the HTML; the browser hydrating a visitor's page expects one.
    expect(html).toContain('<!--$-->');
  });
});

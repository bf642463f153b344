import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from './api-client';
import { mockApi } from './testing';
import { settle, useApi } from './use-api';

const getBrands = () => api.listBrands();

describe('useApi', () => {
  it('loads on mount, and again on reload', async () => {
    const calls = mockApi({ 'GET /categories': ['Apple'] });
    const { result } = renderHook(() => useApi(getBrands, []));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.data).toEqual(['Apple']));
    act(() => result.current.reload());
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it("shows what a route loader settled at once and does not ask again, even under StrictMode's second mount", async () => {
    const calls = mockApi({ 'GET /categories': ['Samsung'] });
    const settled = await settle(getBrands());
    expect(calls).toHaveLength(1);
    const { result } = renderHook(() => useApi(getBrands, [], settled), { wrapper: StrictMode });
    expect(result.current).toMatchObject({ status: 'success', data: ['Samsung'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    // Retry still asks the API.
    act(() => result.current.reload());
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('turns a failed load into an error state the page can show with a Retry', async () => {
    let fail = true;
    mockApi({ 'GET /categories': () => (fail ? [500, { message: 'down' }] : ['Nokia']) });
    const settled = await settle(getBrands());
    expect(settled.status).toBe('error');
    const { result } = renderHook(() => useApi(getBrands, [], settled));
    expect(result.current.error?.message).toBe('down');
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual(['Nokia']));
  });
});

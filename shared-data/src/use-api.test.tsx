import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from './api-client';
import { mockApi } from './testing';
import { settle, useApi, type ApiState } from './use-api';

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

  it('makes a change done while a load was on its way to that load\'s answer, read before the change', async () => {
    type Brand = { _id: string; name: string };
    let answer: (brands: Brand[]) => void = () => {};
    const calls = mockApi({ 'GET /categories': () => new Promise<Brand[]>((resolve) => (answer = resolve)) });
    const apple = { _id: 'a', name: 'Apple' };
    const nokia = { _id: 'n', name: 'Nokia' };
    const settled: ApiState<Brand[]> = { status: 'success', data: [apple, nokia], error: undefined };
    const { result, rerender } = renderHook(({ query }) => useApi(() => getBrands(), [query], settled), { initialProps: { query: '' } });
    const rename = (brands: Brand[]) => brands.map((brand) => (brand._id === 'n' ? { ...brand, name: 'Nokia ✓' } : brand));
    // A search goes out; before it answers, the list (still showing the loader's page) is changed.
    rerender({ query: 'nok' });
    expect(result.current.status).toBe('loading');
    act(() => result.current.setData(rename));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => answer([nokia]));
    expect(result.current.data).toEqual([{ _id: 'n', name: 'Nokia ✓' }]);
    // A load that starts after the change reads it from the API: the change is not made twice.
    act(() => result.current.reload());
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => answer([{ _id: 'n', name: 'Nokia (fresh)' }]));
    expect(result.current.data).toEqual([{ _id: 'n', name: 'Nokia (fresh)' }]);
  });
});

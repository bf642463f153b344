import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, ApiRequestError } from './api-client';
import { mockApi } from './testing';
import { useAction } from './use-action';

describe('useAction', () => {
  it('is busy while the change is on its way, with what it was sent, and resolves with the answer', async () => {
    let answer: (reply: { watching: boolean }) => void = () => undefined;
    const calls = mockApi({ 'PUT /product/p1/watch': () => new Promise((resolve) => (answer = resolve)) });
    const { result } = renderHook(() => useAction((id: string) => api.watchProduct({ params: { id } })));
    expect(result.current.busy).toBe(false);
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.run('p1');
    });
    expect(result.current).toMatchObject({ busy: true, pending: ['p1'] });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      answer({ watching: true });
      await expect(done).resolves.toEqual({ watching: true });
    });
    expect(result.current).toMatchObject({ busy: false, pending: undefined });
  });

  it("rejects with the API's refusal and is no longer busy, so the form can say why and be sent again", async () => {
    mockApi({ 'PUT /product/p1/watch': [409, { message: 'This phone is sold' }] });
    const { result } = renderHook(() => useAction((id: string) => api.watchProduct({ params: { id } })));
    await act(async () => {
      const refusal = await result.current.run('p1').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ApiRequestError);
      expect(refusal).toMatchObject({ status: 409, message: 'This phone is sold' });
    });
    expect(result.current.busy).toBe(false);
  });
});

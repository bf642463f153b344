import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRole } from './role';
import { useSession } from './session-store';
import { mockApi } from './testing';

describe('useRole', () => {
  it("asks the server for the signed-in user's role and answers permissions from it", async () => {
    useSession.setState({ status: 'signed-in', user: { uid: 'u', email: 'karim@example.com', name: 'Karim', photoURL: null }, role: null, roleStatus: 'idle' });
    const calls = mockApi({
      'GET /users/admin/karim%40example.com': { isAdmin: false },
      'GET /users/seller/karim%40example.com': { isSeller: true },
      'GET /users/buyers/karim%40example.com': { isBuyer: false },
    });
    const { result } = renderHook(() => useRole());
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.role).toBe('Seller');
    expect(result.current.can('create:product')).toBe(true);
    expect(result.current.can('create:booking')).toBe(false);
    expect(calls).toHaveLength(3);
  });

  it('grants nothing when the role cannot be loaded', async () => {
    useSession.setState({ status: 'signed-in', user: { uid: 'u', email: 'x@example.com', name: 'X', photoURL: null }, role: null, roleStatus: 'idle' });
    mockApi({});
    const { result } = renderHook(() => useRole());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.role).toBeNull();
    expect(result.current.can('browse:products')).toBe(false);
  });
});

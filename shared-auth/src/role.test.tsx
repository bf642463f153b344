import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentRole, RoleUnavailableError, useRole } from './role';
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

  it('grants nothing when the role cannot be loaded, and says the server could not be asked', async () => {
    useSession.setState({ status: 'signed-in', user: { uid: 'u', email: 'x@example.com', name: 'X', photoURL: null }, role: null, roleStatus: 'idle' });
    mockApi({});
    const { result } = renderHook(() => useRole());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.role).toBeNull();
    expect(result.current.unavailable).toBe(true);
    expect(result.current.can('browse:products')).toBe(false);
  });

  it('tells a route loader apart "no role" from "the server could not be asked"', async () => {
    useSession.setState({ status: 'signed-in', user: { uid: 'u', email: 'y@example.com', name: 'Y', photoURL: null }, role: null, roleStatus: 'idle' });
    mockApi({ 'GET /users/admin/y%40example.com': [503, { message: 'down' }] });
    await expect(currentRole()).rejects.toBeInstanceOf(RoleUnavailableError);

    mockApi({
      'GET /users/admin/y%40example.com': { isAdmin: false },
      'GET /users/seller/y%40example.com': { isSeller: false },
      'GET /users/buyers/y%40example.com': { isBuyer: false },
    });
    await expect(currentRole()).resolves.toBeNull();
  });
});

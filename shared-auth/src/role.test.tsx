import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentRole, RoleUnavailableError, useRole } from './role';
import { useSession } from './session-store';
import { mockApi } from '@phonehaat/shared-data/testing';

describe('useRole', () => {
  it("asks the server for the signed-in user's role and answers permissions from it", async () => {
    useSession.setState({ status: 'signed-in', user: { uid: 'u', email: 'karim@example.com', name: 'Karim', photoURL: null }, role: null, roleStatus: 'idle' });
    const calls = mockApi({
      'GET /me': { _id: '00000000-0000-4000-8000-000000000001', name: 'Someone', email: 'karim@example.com', role: 'Seller', verified: false },
    });
    const { result } = renderHook(() => useRole());
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.role).toBe('Seller');
    expect(result.current.can('create:product')).toBe(true);
    expect(result.current.can('create:booking')).toBe(false);
    // One call about the caller (not three by e-mail address).
    expect(calls.map((call) => call.url)).toEqual(['/me']);
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

  it('tells a route loader "the server could not be asked" apart from an answer', async () => {
    useSession.setState({ status: 'signed-in', user: { uid: 'u', email: 'y@example.com', name: 'Y', photoURL: null }, role: null, roleStatus: 'idle' });
    mockApi({ 'GET /me': [503, { message: 'down' }] });
    await expect(currentRole()).rejects.toBeInstanceOf(RoleUnavailableError);

    mockApi({
      'GET /me': { _id: '00000000-0000-4000-8000-000000000001', name: 'Someone', email: 'y@example.com', role: 'Buyer', verified: false },
    });
    await expect(currentRole()).resolves.toBe('Buyer');
  });
});

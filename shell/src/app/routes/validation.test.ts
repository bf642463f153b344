import { describe, expect, it } from 'vitest';
import { returnPath } from './validation';

describe('returnPath', () => {
  it('returns to a same-site path from the state or the query, and never to another site', () => {
    expect(returnPath({ from: '/dashboard/myorders' }, '')).toBe('/dashboard/myorders');
    expect(returnPath(null, '?from=%2Fproducts%2Fabc%3Fpage%3D2')).toBe('/products/abc?page=2');
    expect(returnPath({ from: 'https://evil.example' }, '')).toBe('/');
    expect(returnPath({ from: '//evil.example' }, '')).toBe('/');
    expect(returnPath(null, `?from=${encodeURIComponent('/\\evil.example')}`)).toBe('/');
    expect(returnPath(null, '')).toBe('/');
  });
});

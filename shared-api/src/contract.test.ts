import { describe, expect, it } from 'vitest';
import { CreateUserBody, hasPermission, NewProductBody, Pagination } from './index.ts';

const product = {
  name: 'iPhone 12',
  brandId: '6f1c1d4e-8f7a-4c4b-9a43-0b8f0a1d2e3f',
  resalePrice: 42000,
  originalPrice: 99999,
  condition: 'Good',
  phone: '01711-234567',
  location: 'Mirpur, Dhaka',
  img: 'http://localhost:4100/images/products/iphone-12.svg',
  usedYear: 2021,
};

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('NewProductBody', () => {
  it('accepts a sensible phone and trims text', () => {
    const parsed = NewProductBody.parse({ ...product, name: '  iPhone 12  ' });
    expect(parsed.name).toBe('iPhone 12');
    expect(parsed.description).toBe('');
  });

  it.each([
    [{ resalePrice: 0 }, 'resalePrice'],
    [{ resalePrice: 10.5 }, 'resalePrice'],
    [{ originalPrice: -1 }, 'originalPrice'],
    [{ usedYear: new Date().getFullYear() + 1 }, 'usedYear'],
    [{ name: ' ' }, 'name'],
    [{ condition: 'Mint' }, 'condition'],
    [{ img: 'ftp://x/y.png' }, 'img'],
    [{ img: 'https://example.com/iphone.jpg' }, 'img'],
    [{ img: 'https://com' }, 'img'],
    [{ resalePrice: 120000 }, 'resalePrice'],
  ])('refuses %o, naming %s', (change, field) => {
    expect(fieldsOf(NewProductBody.safeParse({ ...product, ...change }))).toContain(field);
  });
});

describe('CreateUserBody', () => {
  it('lower-cases the email and refuses any role but Buyer or Seller', () => {
    expect(CreateUserBody.parse({ name: 'A', email: 'A@B.test', role: 'Buyer' }).email).toBe('a@b.test');
    expect(fieldsOf(CreateUserBody.safeParse({ name: 'A', email: 'a@b.test', role: 'admin' }))).toEqual(['role']);
  });
});

describe('Pagination', () => {
  it('defaults to page 1 of 12 and caps the page size at 50', () => {
    expect(Pagination.parse({})).toEqual({ page: 1, limit: 12 });
    expect(Pagination.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
    expect(Pagination.safeParse({ limit: '51' }).success).toBe(false);
  });
});

describe('permissions', () => {
  it('gives each role only its own abilities', () => {
    expect(hasPermission('Buyer', 'create:booking')).toBe(true);
    expect(hasPermission('Seller', 'create:booking')).toBe(false);
    expect(hasPermission('Seller', 'delete:product:own')).toBe(true);
    expect(hasPermission('admin', 'delete:product:any')).toBe(true);
    expect(hasPermission('admin', 'create:product')).toBe(false);
    expect(hasPermission(null, 'browse:products')).toBe(false);
  });
});

describe('text fields', () => {
  it('say "required" once for an empty value, and the length rule otherwise', () => {
    const empty = NewProductBody.safeParse({ ...product, name: '   ' });
    expect(empty.error?.issues.filter((issue) => issue.path[0] === 'name').map((issue) => issue.message)).toEqual(['Product name is required']);
    const short = NewProductBody.safeParse({ ...product, name: 'X' });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual(['Product name must be at least 2 characters']);
  });
});

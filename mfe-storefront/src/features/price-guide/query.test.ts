import { describe, expect, it } from 'vitest';
import { guideAddress } from './address';
import { readAsk } from './query';

const brandId = '0b9a4c39-7f2e-4d7a-9a57-2f0c1c3e5d11';
const ask = (query: Record<string, string>) => readAsk(new URLSearchParams(query), 2026);

describe("the price guide page's question", () => {
  it('is nothing until something is asked', () => {
    expect(ask({})).toBeUndefined();
    expect(ask({ name: '  ' })).toBeUndefined();
  });

  it('reads a whole question into the API query, a year in Bangla digits too', () => {
    expect(ask({ brandId, name: ' iPhone 13 128GB ', condition: 'Good', usedYear: '২০২৩' })?.query).toEqual({ brandId, name: 'iPhone 13 128GB', condition: 'Good', usedYear: 2023 });
  });

  it('names each field that is missing or wrong, and keeps what was typed', () => {
    const asked = ask({ brandId: '', name: '', condition: 'Mint', usedYear: '1999' });
    expect(asked?.query).toBeUndefined();
    expect(asked?.problems).toEqual({ brandId: true, name: true, condition: true, usedYear: true });
    expect(asked?.values).toEqual({ brandId: '', name: '', condition: 'Mint', usedYear: '1999' });
    expect(ask({ brandId, name: 'x'.repeat(121), condition: 'Good', usedYear: '2020' })?.problems).toEqual({ name: true });
    expect(ask({ brandId, name: 'Pixel 7', condition: 'Good', usedYear: '2020.5' })?.problems).toEqual({ usedYear: true });
    expect(ask({ brandId, name: 'Pixel 7', condition: 'Fair', usedYear: '2027' })?.problems).toEqual({ usedYear: true });
    expect(ask({ brandId, name: 'Pixel 7', condition: 'Fair', usedYear: '20 23' })?.problems).toEqual({});
    expect(ask({ brandId, name: 'Pixel 7', condition: 'Fair', usedYear: 'last year' })?.problems).toEqual({ usedYear: true });
  });

  it('is linked to from a phone, filled in, and read back the same', () => {
    const query = { brandId, name: 'Galaxy S21 FE 128GB', condition: 'Excellent' as const, usedYear: 2022 };
    const address = guideAddress(query);
    expect(address).toMatch(/^\/price-guide\?/);
    expect(ask(Object.fromEntries(new URL(address, 'http://x').searchParams))?.query).toEqual(query);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { asciiDigits, formatDate, formatNumber, formatPercent, formatRating, formatTaka, formatTakaExact } from './format';
import { yearText } from '../product-card/years-used';

describe('prices, numbers and dates in the page language', () => {
  it('writes Taka as PhoneHaat always has in English, and with Bangla digits and the Taka sign in Bangla', () => {
    expect(formatTaka(21000, 'en')).toBe('Tk 21,000');
    expect(formatTaka(21000, 'bn')).toBe('৳২১,০০০');
    // A lakh is grouped as Bangladesh writes it.
    expect(formatTaka(150000, 'bn')).toBe('৳১,৫০,০০০');
    expect(formatTaka(150000, 'en')).toBe('Tk 150,000');
  });

  it('writes money with poisha to the poisha, and percentages as set', () => {
    expect(formatTakaExact(12098.1, 'en')).toBe('Tk 12,098.10');
    expect(formatTakaExact(12098.1, 'bn')).toBe('৳১২,০৯৮.১০');
    expect(formatTakaExact(12250, 'en')).toBe('Tk 12,250');
    expect(formatPercent(2.5, 'en')).toBe('2.5');
    expect(formatPercent(5, 'bn')).toBe('৫');
  });

  it('rounds to whole numbers, in each language’s digits', () => {
    expect(formatNumber(1234.6, 'en')).toBe('1,235');
    expect(formatNumber(2023, 'bn')).toBe('২,০২৩');
  });

  it('writes times in Bangla on the 24-hour clock, as Bangladeshi sites do (no AM/PM amid Bangla)', () => {
    const evening = new Date(Date.UTC(2026, 10, 25, 15, 5));
    expect(formatDate(evening, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }, 'bn')).toBe('১৫:০৫');
    expect(formatDate(evening, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }, 'en')).toMatch(/^(3:05 pm|15:05)$/i);
  });

  it('names months in the language', () => {
    const day = new Date(Date.UTC(2026, 10, 25, 12));
    expect(formatDate(day, { dateStyle: 'long', timeZone: 'UTC' }, 'en')).toBe('25 November 2026');
    expect(formatDate(day, { dateStyle: 'long', timeZone: 'UTC' }, 'bn')).toBe('২৫ নভেম্বর, ২০২৬');
  });

  it('reads Bangla digits as the ASCII ones an API expects, leaving the rest as typed', () => {
    expect(asciiDigits('২৫,০০০')).toBe('25,000');
    expect(asciiDigits('আইফোন ১৩ 128GB')).toBe('আইফোন 13 128GB');
  });
});

describe('the formatters', () => {
  it('are made once per language and options, however many cards a page formats while hydrating', () => {
    const made = countFormatters();
    try {
      const cards = Array.from({ length: 40 }, (_, i) => [
        formatTaka(10_000 + i, 'bn'),
        formatTaka(10_000 + i, 'en'),
        yearText(2020 + (i % 4), 'bn'),
        formatRating(4 + i / 100, 'en'),
        formatDate(Date.UTC(2026, 0, 1 + i), { dateStyle: 'medium' }, 'bn'),
      ]);
      expect(cards[3]).toEqual(['৳১০,০০৩', 'Tk 10,003', '২০২৩', '4.0', expect.stringContaining('২০২৬')]);
      // At most one each: Bangla and English prices, a Bangla year, an English rating, a Bangla date (fewer where an
      // earlier test in this file made one already).
      expect(made.numbers).toBeLessThanOrEqual(4);
      expect(made.dates).toBeLessThanOrEqual(1);
    } finally {
      made.restore();
    }
  });

  it("are made before hydrating, in a task of their own, for the page's language: the cards then make none", async () => {
    // A fresh module: no formatter made yet, as on a page that has just loaded.
    vi.resetModules();
    const format = await import('./format');
    const { yearText: freshYearText } = await import('../product-card/years-used');
    await format.warmFormats('bn');
    const made = countFormatters();
    try {
      expect([format.formatTaka(1_50_000, 'bn'), freshYearText(2024, 'bn')]).toEqual(['৳১,৫০,০০০', '২০২৪']);
      expect(made.numbers).toBe(0);
    } finally {
      made.restore();
    }
  });
});

/** Counts what Intl's number and date constructors make from now on, until restore(). */
function countFormatters() {
  const made = { numbers: 0, dates: 0, restore: () => undefined as void };
  const { NumberFormat, DateTimeFormat } = Intl;
  Intl.NumberFormat = class extends NumberFormat {
    constructor(...args: ConstructorParameters<typeof NumberFormat>) {
      super(...args);
      made.numbers++;
    }
  } as typeof Intl.NumberFormat;
  Intl.DateTimeFormat = class extends DateTimeFormat {
    constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
      super(...args);
      made.dates++;
    }
  } as typeof Intl.DateTimeFormat;
  made.restore = () => {
    Intl.NumberFormat = NumberFormat;
    Intl.DateTimeFormat = DateTimeFormat;
  };
  return made;
}

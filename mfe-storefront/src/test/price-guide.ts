import type { PriceGuide } from '@phonehaat/shared-api';

/** A model's price guide as the API returns it, for the storefront's tests: 14 sales, a median of Tk 72,000. */
export const priceGuide = (overrides: Partial<PriceGuide> = {}): PriceGuide => ({
  model: 'iPhone 13 Pro 256GB',
  condition: 'Excellent',
  usedYear: 2022,
  source: 'sales',
  count: 14,
  trimmed: 1,
  median: 72000,
  low: 68000,
  high: 76000,
  distribution: [
    { from: 60000, to: 63999, count: 1 },
    { from: 64000, to: 67999, count: 2 },
    { from: 68000, to: 71999, count: 4 },
    { from: 72000, to: 75999, count: 5 },
    { from: 76000, to: 79999, count: 2 },
  ],
  weekly: [
    { week: '2026-10-05', median: 74000, count: 6 },
    { week: '2026-10-12', median: 71000, count: 8 },
  ],
  ...overrides,
});

import { describe, expect, it } from 'vitest';
import { sellerSinceText } from './seller-since';

describe('sellerSinceText', () => {
  const now = new Date(2026, 10, 22);
  it.each([
    ['2025-03-10T08:00:00.000Z', 'On PhoneHaat since March 2025 (1 year 8 months)'],
    ['2024-11-01T08:00:00.000Z', 'On PhoneHaat since November 2024 (2 years)'],
    ['2026-10-01T08:00:00.000Z', 'On PhoneHaat since October 2026 (1 month)'],
    ['2026-11-02T08:00:00.000Z', 'On PhoneHaat since November 2026 (new this month)'],
  ])('says how long a seller who joined %s has sold here', (since, text) => {
    expect(sellerSinceText(since, now)).toBe(text);
  });
});

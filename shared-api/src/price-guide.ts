// The price guide (issue 30): what phones like this one sell for, from paid sales where there are enough, otherwise
// from the asking prices of those on sale, and nothing where there are fewer than 5 of either.
import { z } from 'zod';
import { Id } from './common.ts';
import { MAX_GUIDE_NAME } from './limits.ts';
import { Condition, MIN_USED_YEAR } from './products.ts';

/** Fewer than this many prices (after outliers are trimmed) give no figure at all. */
export const MIN_GUIDE_PRICES = 5;

/** A model, condition and year of purchase: what the phone's page has, or what a seller has typed in Add a product. */
export const PriceGuideQuery = z.object({
  brandId: Id,
  name: z.string().trim().min(1, { message: 'Name is required' }).max(MAX_GUIDE_NAME),
  condition: Condition,
  usedYear: z.coerce.number().int().min(MIN_USED_YEAR).max(2100),
});
export type PriceGuideQuery = z.infer<typeof PriceGuideQuery>;

export const PriceGuide = z.object({
  /** The model as the guide reads the name ("iPhone 13 128GB"); null when the name names no model. */
  model: z.string().nullable(),
  condition: Condition,
  usedYear: z.number().int(),
  /** Where the figures come from: paid sales of the last 90 days, or the asking prices on sale now; null: no figure. */
  source: z.enum(['sales', 'asking']).nullable(),
  /** The prices the figures come from (after trimming), and how many absurd ones were left out. */
  count: z.number().int().min(0),
  trimmed: z.number().int().min(0),
  /** Taka: the typical price (median) and the range most phones sit in (25th–75th percentile). */
  median: z.number().int().nullable(),
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
  /** How the prices spread, in equal bands from the lowest to the highest kept (the chart's bars). */
  distribution: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  /** The median price of the paid sales per week over the last 6 months (weeks without sales left out). */
  weekly: z.array(z.object({ week: z.string(), median: z.number().int(), count: z.number().int() })),
});
export type PriceGuide = z.infer<typeof PriceGuide>;

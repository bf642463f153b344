import type { PriceGuideQuery } from '@phonehaat/shared-api';
import { amountOf } from '@phonehaat/shared-api/digits';
import { CONDITIONS, MAX_GUIDE_NAME, MIN_USED_YEAR } from '@phonehaat/shared-api/limits';

const FIELDS = ['brandId', 'name', 'condition', 'usedYear'] as const;
export type GuideField = (typeof FIELDS)[number];

/** What the person asked (kept as typed, to show again), what is wrong with it, and the API's query once nothing is. */
export interface GuideAsk {
  values: Record<GuideField, string>;
  problems: Partial<Record<GuideField, true>>;
  query?: PriceGuideQuery;
}

const isCondition = (value: string): value is PriceGuideQuery['condition'] => (CONDITIONS as readonly string[]).includes(value);

/**
 * Reads the address's query: undefined when nothing is asked yet, otherwise checked by the contract's limits (from
 * its zod-free module: the schema itself would bring zod and the whole contract into this page, 31 KB gzipped), a year
 * typed in Bangla digits read as the API reads it, a year still to come refused. Whether the brand is one of ours, the
 * page's loader checks against the brands it reads.
 */
export function readAsk(search: URLSearchParams, thisYear = new Date().getFullYear()): GuideAsk | undefined {
  const values = Object.fromEntries(FIELDS.map((field) => [field, search.get(field) ?? ''])) as GuideAsk['values'];
  if (FIELDS.every((field) => values[field].trim() === '')) return undefined;
  const name = values.name.trim();
  const usedYear = amountOf(values.usedYear);
  const problems: GuideAsk['problems'] = {};
  if (values.brandId === '') problems.brandId = true;
  if (name.length === 0 || name.length > MAX_GUIDE_NAME) problems.name = true;
  if (!isCondition(values.condition)) problems.condition = true;
  if (usedYear === undefined || !Number.isInteger(usedYear) || usedYear < MIN_USED_YEAR || usedYear > thisYear) problems.usedYear = true;
  if (Object.keys(problems).length > 0 || !isCondition(values.condition) || usedYear === undefined) return { values, problems };
  return { values, problems, query: { brandId: values.brandId, name, condition: values.condition, usedYear } };
}

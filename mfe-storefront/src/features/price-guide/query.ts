import { amountOf, PriceGuideQuery } from '@phonehaat/shared-api';

/** The page's own address: the phone asked about is in its query, so a guide can be linked to and shared. */
export const PRICE_GUIDE_PATH = '/price-guide';

const FIELDS = ['brandId', 'name', 'condition', 'usedYear'] as const;
export type GuideField = (typeof FIELDS)[number];

/** What the person asked (kept as typed, to show again), what is wrong with it, and the API's query once nothing is. */
export interface GuideAsk {
  values: Record<GuideField, string>;
  problems: Partial<Record<GuideField, true>>;
  query?: PriceGuideQuery;
}

/**
 * Reads the address's query: undefined when nothing is asked yet, otherwise checked by the API's own schema for it
 * (a year typed in Bangla digits read as the API reads it), and a year still to come refused as well.
 */
export function readAsk(search: URLSearchParams, thisYear = new Date().getFullYear()): GuideAsk | undefined {
  const values = Object.fromEntries(FIELDS.map((field) => [field, search.get(field) ?? ''])) as GuideAsk['values'];
  if (FIELDS.every((field) => values[field].trim() === '')) return undefined;
  const problems: GuideAsk['problems'] = {};
  const usedYear = amountOf(values.usedYear);
  const checked = PriceGuideQuery.safeParse({ ...values, usedYear });
  for (const issue of checked.error?.issues ?? []) problems[issue.path[0] as GuideField] = true;
  if (usedYear !== undefined && usedYear > thisYear) problems.usedYear = true;
  if (!checked.success || problems.usedYear) return { values, problems };
  return { values, problems, query: checked.data };
}

/** The address of the guide for one phone, filled in (the phone's page links to it). */
export const guideAddress = (query: PriceGuideQuery) =>
  `${PRICE_GUIDE_PATH}?${new URLSearchParams({ brandId: query.brandId, name: query.name, condition: query.condition, usedYear: String(query.usedYear) })}`;

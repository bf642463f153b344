import { t } from '../i18n/ui-catalog';
import { numberFormat } from '../i18n/format';
import type { Language } from '../i18n/languages';

/**
 * "2 years used", "1 year used" or "Less than a year used" (in the page's language), counting whole calendar years
 * since the purchase year.
 */
export function yearsUsedText(usedYear: number, now: Date = new Date()): string {
  return t('card.yearsUsed', { years: Math.max(0, now.getFullYear() - usedYear) });
}

/** A year as the page's language writes it (no grouping): 2023, ২০২৩. */
export const yearText = (year: number, language: Language): string => numberFormat(language, { useGrouping: false }).format(year);

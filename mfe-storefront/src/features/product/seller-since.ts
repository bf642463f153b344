import { formatDate } from '@phonehaat/shared-ui';
import { t } from './i18n';

/** "On PhoneHaat since March 2025 (1 year 8 months)": how long a seller has sold here, in the page's language. */
export function sellerSinceText(since: string, now: Date = new Date()): string {
  const start = new Date(since);
  const months = Math.max(0, (now.getFullYear() - start.getFullYear()) * 12 + now.getMonth() - start.getMonth());
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years > 0 && t('product.years', { count: years }), rest > 0 && t('product.months', { count: rest })].filter(Boolean);
  return t('product.since', { month: formatDate(start, { month: 'long', year: 'numeric' }), time: parts.length ? parts.join(' ') : t('product.sinceNew') });
}

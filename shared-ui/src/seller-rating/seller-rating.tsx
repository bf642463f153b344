import { cx } from '../utils/cx';
import { formatNumber, formatRating } from '../i18n/format';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './seller-rating.module.css';
import { useLanguage } from '../i18n/catalogs';
import { useT } from '../i18n/ui-catalog';

/** A seller's rating as every card and page shows it, `★ 4.8 (23)`, read out in words; nothing without a review. */
export function SellerRating({ rating, count, className }: { rating: number | null; count: number; className?: string }) {
  const t = useT();
  const language = useLanguage();
  if (rating === null || count === 0) return null;
  const average = formatRating(rating, language);
  return (
    <span className={cx(styles.rating, className)}>
      <span aria-hidden="true">
        <span className={styles.star}>★</span> {average} <span className={styles.count}>({formatNumber(count, language)})</span>
      </span>
      <VisuallyHidden>{t('rating.label', { average, count })}</VisuallyHidden>
    </span>
  );
}

/** A review's stars as a row of ★ and ☆, read out as "4 out of 5 stars". */
export function ReviewStars({ stars, className }: { stars: number; className?: string }) {
  const t = useT();
  return (
    <span className={cx(styles.stars, className)}>
      <span aria-hidden="true">{'★'.repeat(stars) + '☆'.repeat(5 - stars)}</span>
      <VisuallyHidden>{t('rating.stars', { stars })}</VisuallyHidden>
    </span>
  );
}

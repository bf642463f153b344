import { Button } from '../button/button';
import { formatNumber } from '../i18n/format';
import { useT } from '../i18n/ui-catalog';
import { pageItems } from './page-items';
import styles from './pagination.module.css';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange(page: number): void;
  /** Names the navigation landmark, e.g. "Phones pages" when a page has more than one. */
  label?: string;
}

/** Previous / page numbers / Next. Renders nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  const t = useT();
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= pageCount) onPageChange(target);
  };

  return (
    <nav className={styles.nav} aria-label={label ?? t('pagination.label')}>
      <Button variant="secondary" size="sm" disabled={current === 1} onClick={() => go(current - 1)}>
        <span className={styles.arrow} aria-hidden="true">
          ‹
        </span>
        {t('pagination.previous')}
      </Button>
      <ul className={styles.pages} role="list">
        {pageItems(current, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant="secondary"
                size="sm"
                className={styles.page}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {formatNumber(item)}
              </Button>
            </li>
          ),
        )}
      </ul>
      <span className={styles.compact}>
        {t('pagination.pageOf', { page: current, count: pageCount })}
      </span>
      <Button variant="secondary" size="sm" disabled={current === pageCount} onClick={() => go(current + 1)}>
        {t('pagination.next')}
        <span className={styles.arrow} aria-hidden="true">
          ›
        </span>
      </Button>
    </nav>
  );
}

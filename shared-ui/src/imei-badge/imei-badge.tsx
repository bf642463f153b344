import { cx } from '../utils/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './imei-badge.module.css';
import { useT } from '../i18n/ui-catalog';

/**
 * "IMEI checked": the listing's IMEI is a valid number, on no blocklist of stolen phones and on no other live
 * listing. The sentence saying so is its title (hover) and is read out to screen readers.
 */
export function ImeiBadge({ className }: { className?: string }) {
  const t = useT();
  return (
    <span className={cx(styles.badge, className)} title={t('imei.explain')}>
      <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 1.5l5.5 2v4c0 3.4-2.3 6-5.5 7-3.2-1-5.5-3.6-5.5-7v-4z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M5.5 8l1.8 1.8L10.8 6.3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('imei.checked')}
      <VisuallyHidden>: {t('imei.explain')}</VisuallyHidden>
    </span>
  );
}

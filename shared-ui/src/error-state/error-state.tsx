import { Button } from '../button/button';
import { cx } from '../utils/cx';
// The same layout as EmptyState, so a page's empty and error states line up.
import styles from '../empty-state/empty-state.module.css';
import { useT } from '../i18n/ui-catalog';

export interface ErrorStateProps {
  title?: string;
  message?: string;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed load, announced to screen readers, with a way to try again. */
export function ErrorState({ title, message, onRetry, retryLabel }: ErrorStateProps) {
  const t = useT();
  return (
    <div className={styles.root} role="alert">
      <div className={cx(styles.icon, styles.danger)} aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M12 7.5v6M12 16.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </div>
      <h2 className={styles.title}>{title ?? t('error.title')}</h2>
      {message && <p className={styles.message}>{message}</p>}
      {onRetry && (
        <div className={styles.action}>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel ?? t('error.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}

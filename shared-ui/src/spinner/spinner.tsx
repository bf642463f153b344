import { cx } from '../utils/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './spinner.module.css';
import { useT } from '../i18n/ui-catalog';

export interface SpinnerProps {
  /** Read to screen readers; not shown. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const t = useT();
  return (
    <span role="status" className={cx(styles.spinner, size !== 'md' && styles[size], className)}>
      <span className={styles.ring} aria-hidden="true" />
      <VisuallyHidden>{label ?? t('spinner.loading')}</VisuallyHidden>
    </span>
  );
}

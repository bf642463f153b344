import { cx } from '../utils/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './verified-badge.module.css';
import { useT } from '../i18n/ui-catalog';

export interface VerifiedBadgeProps {
  className?: string;
}

/** A check mark in the accent colour; says "Verified seller" to screen readers and on hover. */
export function VerifiedBadge({ className }: VerifiedBadgeProps) {
  const label = useT()('seller.verified');
  return (
    <span className={cx(styles.badge, className)} title={label}>
      <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

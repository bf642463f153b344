import { cx } from '../utils/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './verified-badge.module.css';
import { useT } from '../i18n/ui-catalog';

/**
 * A phone in the success colour: the seller proved their phone number with a one-time code (issue 46). Says "Phone
 * number verified" to screen readers and on hover.
 */
export function PhoneVerifiedMark({ className }: { className?: string }) {
  const label = useT()('seller.phoneVerified');
  return (
    <span className={cx(styles.badge, styles.phone, className)} title={label} data-testid="phone-verified-mark">
      <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <rect x="4.5" y="1.5" width="7" height="13" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
        <path d="M7 12h2" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      </svg>
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

import type { TestedSummary } from '@phonehaat/shared-api';
import { formatDate } from '../i18n/format';
import { cx } from '../utils/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import shape from '../imei-badge/imei-badge.module.css';
import styles from './tested-badge.module.css';
import { useT } from '../i18n/ui-catalog';

/**
 * "Tested on this phone" (issue 68): the listing's phone was checked in its own browser, and PhoneHaat signed what the
 * check found. Its date, and how many steps passed, failed or could not be tested, are its title and are read out; an
 * old report (over 30 days, or from before the listing was edited) says so.
 */
export function TestedBadge({ tested, className }: { tested: TestedSummary; className?: string }) {
  const t = useT();
  const date = formatDate(tested.at, { day: 'numeric', month: 'short' });
  const counts = t('tested.counts', { passed: tested.passed, failed: tested.failed, untested: tested.untested });
  return (
    <span className={cx(shape.badge, tested.old && styles.old, className)} title={counts}>
      <svg className={shape.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <rect x="4" y="1.5" width="8" height="13" rx="1.8" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M6 8l1.4 1.4L10.2 6.6" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t(tested.old ? 'tested.old' : 'tested.label', { date })}
      <VisuallyHidden>: {counts}</VisuallyHidden>
    </span>
  );
}

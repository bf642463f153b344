import type { HandoverCheck } from '@phonehaat/shared-api';
import { formatDate } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './handover.module.css';

/** What the check at the handover found: the phone that was tested, or not, and what differs. */
export function HandoverVerdict({ check }: { check: HandoverCheck }) {
  const t = useT();
  const { match, differences } = check.comparison;
  return (
    <div className={match ? styles.match : styles.mismatch} role="status" data-testid="handover-check">
      <p className={styles.verdict}>
        {t(match ? 'handover.match' : 'handover.mismatch', { time: formatDate(check.checkedAt, { hour: 'numeric', minute: '2-digit' }) })}
      </p>
      {!match && (
        <ul className={styles.differences}>
          {differences.map((difference) => (
            <li key={difference.fact}>
              {difference.fact === 'IMEI'
                ? t('handover.imeiDiffers')
                : t('handover.differs', { fact: t(`handover.fact.${difference.fact}` as 'handover.fact.screen'), tested: difference.tested, now: difference.now })}
            </li>
          ))}
        </ul>
      )}
      <p>{t(match ? 'handover.matchNext' : 'handover.mismatchNext')}</p>
    </div>
  );
}

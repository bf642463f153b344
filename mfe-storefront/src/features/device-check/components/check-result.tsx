import type { CheckRecorded } from '@phonehaat/shared-api';
import { formatDate, Outcome } from '@phonehaat/shared-ui';
import { useT } from '../i18n';
import { ReportSteps } from './report-steps';
import styles from './device-check.module.css';

/** What the check recorded: a listing's report as buyers will read it, or whether the phone at the handover is the one tested. */
export function CheckResult({ recorded }: { recorded: CheckRecorded }) {
  const t = useT();
  if (recorded.purpose === 'listing' && recorded.report) {
    return (
      <Outcome className={styles.result} reveal>
        <h2 className={styles.stepTitle}>{t('result.recorded')}</h2>
        <p>{t('result.recordedHint', { date: formatDate(recorded.report.testedAt, { day: 'numeric', month: 'long', year: 'numeric' }) })}</p>
        <ReportSteps steps={recorded.report.steps} />
        <p className={styles.note}>{t('result.close')}</p>
      </Outcome>
    );
  }
  const comparison = recorded.comparison!;
  return (
    <Outcome className={comparison.match ? styles.result : `${styles.result} ${styles.mismatch}`} reveal>
      <h2 className={styles.stepTitle} data-testid="handover-verdict">
        {t(comparison.match ? 'result.match' : 'result.mismatch')}
      </h2>
      <p>{t(comparison.match ? 'result.matchHint' : 'result.mismatchHint')}</p>
      {!comparison.match && (
        <ul className={styles.differences}>
          {comparison.differences.map((difference) => (
            <li key={difference.fact}>
              {difference.fact === 'IMEI'
                ? t('result.imeiDiffers')
                : t('result.differs', { fact: t(`fact.${difference.fact}` as 'fact.screen'), tested: difference.tested, now: difference.now })}
            </li>
          ))}
        </ul>
      )}
    </Outcome>
  );
}

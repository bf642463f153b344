import type { DeviceReport as Report } from '@phonehaat/shared-api';
import { formatDate } from '@phonehaat/shared-ui';
import { useT } from '../i18n';
import { ReportSteps } from './report-steps';
import styles from './device-check.module.css';

/**
 * A phone's page: its newest check in its own browser, step by step, dated, and what it cannot say (the battery's
 * health, a lock: the seller's word). An old report says so; one whose signature does not hold is not shown as a test.
 */
export function DeviceReport({ report }: { report: Report }) {
  const t = useT();
  if (!report.signed) {
    return (
      <section className={styles.report} aria-labelledby="device-report-heading">
        <h2 id="device-report-heading">{t('report.title')}</h2>
        <p className={styles.problem}>{t('report.unsigned')}</p>
      </section>
    );
  }
  return (
    <section className={styles.report} aria-labelledby="device-report-heading" data-testid="device-report">
      <h2 id="device-report-heading">{t('report.title')}</h2>
      <p>{t(report.old ? 'report.old' : 'report.tested', { date: formatDate(report.testedAt, { day: 'numeric', month: 'long', year: 'numeric' }), model: report.model ?? '' })}</p>
      <ReportSteps steps={report.steps} />
      <p className={styles.note}>{t(report.lockOff ? 'report.lockOff' : 'report.lockUnsaid')}</p>
      <p className={styles.note}>{t('report.limits')}</p>
    </section>
  );
}

import type { DeviceReport } from '@phonehaat/shared-api';
import { useT } from '../i18n';
import styles from './device-check.module.css';

const MARK = { passed: '✓', failed: '✗', untested: '–' } as const;

/** Each step of a check and what it found, in words (the mark is decoration: the words say it). */
export function ReportSteps({ steps }: { steps: DeviceReport['steps'] }) {
  const t = useT();
  return (
    <ul className={styles.outcomes} aria-label={t('report.steps')}>
      {steps.map(({ step, outcome }) => (
        <li key={step} className={styles[outcome]} data-outcome={outcome}>
          <span aria-hidden="true">{MARK[outcome]}</span> {t(`name.${step}`)}: {t(`outcome.${outcome}`)}
        </li>
      ))}
    </ul>
  );
}

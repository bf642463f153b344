import type { ReactNode } from 'react';
import { Button } from '@phonehaat/shared-ui';
import { useT } from '../i18n';
import styles from './device-check.module.css';

/**
 * One step a screen: what to do, the step's own part, its answers, and always "Cannot test" (a step a person cannot
 * do, or their browser cannot, is recorded as not tested: never as passed).
 */
export function StepFrame({ title, hint, children, answers, onSkip }: { title: string; hint: ReactNode; children?: ReactNode; answers?: ReactNode; onSkip(): void }) {
  const t = useT();
  return (
    <section className={styles.step} aria-labelledby="step-title">
      <h2 id="step-title" className={styles.stepTitle} tabIndex={-1}>
        {title}
      </h2>
      <p className={styles.hint}>{hint}</p>
      {children}
      <div className={styles.answers}>
        {answers}
        <Button variant="ghost" onClick={onSkip}>
          {t('step.cannot')}
        </Button>
      </div>
    </section>
  );
}

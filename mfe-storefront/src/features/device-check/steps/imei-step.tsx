import { useState, type FormEvent } from 'react';
import { asciiDigits, Button, TextField } from '@phonehaat/shared-ui';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';

/**
 * The IMEI the phone shows for *#06#, typed by the person (no browser can read it): PhoneHaat compares it with the
 * listing's, so the phone checked is the phone listed — and, at the handover, the phone in the buyer's hand.
 */
export function ImeiStep({ done, imei }: StepProps & { imei(value: string): void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's rule (15 digits, Luhn's check digit), loaded when it is needed: zod stays out of the page's first code.
    const { Imei } = await import('@phonehaat/shared-api');
    const parsed = Imei.safeParse(asciiDigits(typed));
    if (!parsed.success) return setProblem(t('imei.invalid'));
    imei(parsed.data);
    // Its outcome is the API's: the typed IMEI against the listing's.
    done({ step: 'imei', outcome: 'passed' });
  };
  return (
    <StepFrame title={t('imei.title')} hint={t.rich('imei.hint', { code: <code translate="no">*#06#</code> })} onSkip={() => done({ step: 'imei', outcome: 'untested' })}>
      <a className={styles.dial} href="tel:*%2306%23">
        {t('imei.dial')}
      </a>
      <form className={styles.inline} onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t('imei.typed')} inputMode="numeric" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} error={problem} />
        <Button type="submit">{t('imei.send')}</Button>
      </form>
    </StepFrame>
  );
}

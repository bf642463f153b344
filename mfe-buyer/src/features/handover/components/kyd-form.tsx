import { useState, type FormEvent } from 'react';
import type { Booking } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { asciiDigits, Button, TextField } from '@phonehaat/shared-ui';
import { recordKyd } from '../api/handover';
import { useT } from '../../../i18n';
import styles from './handover.module.css';

/**
 * NEIR at the handover (issue 68): before accepting the phone, the buyer checks it with BTRC (SMS "KYD <IMEI>" to
 * 16002) and records the IMEI the check read; PhoneHaat says whether it is the listing's. Recorded once.
 */
export function KydForm({ booking }: { booking: Booking }) {
  const t = useT();
  const [imei, setImei] = useState('');
  const [problem, setProblem] = useState<string>();
  const recording = useAction(recordKyd, { invalidates: ['listMyBookings'] });
  const recorded = booking.neir?.buyer;
  if (recorded) {
    return (
      <p className={recorded.imeiMatches === false ? styles.mismatchLine : styles.note} data-testid="kyd-recorded">
        {t(recorded.imeiMatches === false ? 'kyd.recordedOther' : 'kyd.recorded', { last4: recorded.imeiLast4 })}
      </p>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await recording.run(booking._id, { imei: asciiDigits(imei).replace(/[\s-]/g, '') });
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? (error.fieldError('imei') ?? error.message) : t('kyd.failed'));
    }
  };
  return (
    <form className={styles.kyd} onSubmit={(event) => void submit(event)} noValidate aria-label={t('kyd.label', { name: booking.name })}>
      <p className={styles.note}>{t.rich('kyd.hint', { sms: <code translate="no">KYD &lt;IMEI&gt;</code>, to: <code translate="no">16002</code> })}</p>
      <TextField label={t('kyd.imei')} inputMode="numeric" autoComplete="off" value={imei} onChange={(event) => setImei(event.target.value)} error={problem} />
      <Button size="sm" type="submit" loading={recording.busy}>
        {t('kyd.record')}
      </Button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, notify, TextField, useFirstErrorFocus } from '@phonehaat/shared-ui';
import { blockImei } from '../api/blocked-imeis';
import styles from './block-form.module.css';
import { useT } from '../../../i18n';

/** Block a phone by its IMEI (a police report, its owner calling support); the API checks the number and says what is wrong. */
export function BlockForm({ onBlocked }: { onBlocked(): void }) {
  const t = useT();
  const [imei, setImei] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ imei?: string; reason?: string }>({});
  const formRef = useFirstErrorFocus(errors);
  const blocking = useAction(blockImei);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await blocking.run(imei, reason);
      notify.success(t('blocked.done'));
      setImei('');
      setReason('');
      setErrors({});
      onBlocked();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.length) setErrors(Object.fromEntries(error.fields.map(({ field, message }) => [field, message])));
      else if (error instanceof ApiRequestError && error.status === 409) setErrors({ imei: error.message });
      else notify.error(error instanceof ApiRequestError ? error.message : t('blocked.failed'));
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('blocked.formLabel')}>
      <TextField label={t('blocked.imei')} inputMode="numeric" autoComplete="off" maxLength={24} value={imei} error={errors.imei} onChange={(event) => setImei(event.target.value)} />
      <TextField label={t('blocked.reason')} maxLength={500} value={reason} error={errors.reason} onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="danger" loading={blocking.busy}>
        {t('blocked.block')}
      </Button>
    </form>
  );
}

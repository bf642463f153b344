import { useState } from 'react';
import type { Booking } from '@phonehaat/shared-api';
import { ApiRequestError } from '@phonehaat/shared-auth';
import { Button, ConfirmDialog, formatDate, notify } from '@phonehaat/shared-ui';
import { confirmReceived } from '../api/confirm-received';
import { useT } from '../../../i18n';
import styles from './held-money.module.css';

const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A paid booking's money, held until the handover: the code to tell the seller once the phone is checked, and
 * "I received the phone"; then when it went to the seller.
 */
export function HeldMoney({ booking, onChanged }: { booking: Booking; onChanged?(): void }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { held } = booking;
  if (!held) return null;
  if (held.releasedAt) return <p className={styles.released}>{t('held.released', { date: day(held.releasedAt) })}</p>;

  const confirm = async () => {
    setBusy(true);
    try {
      await confirmReceived(booking._id);
      notify.success(t('held.confirmed'));
      setAsking(false);
      onChanged?.();
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('held.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.held}>
      <p className={styles.note}>{t('held.note', { date: day(held.releaseAt) })}</p>
      <p className={styles.code}>
        {t('held.code')} <strong data-testid="handover-code">{held.handoverCode}</strong>
      </p>
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)} aria-label={t('held.receivedLabel', { name: booking.name })}>
        {t('held.received')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('held.confirmTitle')}
        message={t('held.confirmMessage', { name: booking.name })}
        confirmLabel={t('held.received')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

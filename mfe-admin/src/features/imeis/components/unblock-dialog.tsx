import { useState } from 'react';
import type { BlockedImei } from '@phonehaat/shared-api';
import { ApiRequestError } from '@phonehaat/shared-auth';
import { Button, Modal, notify, TextAreaField } from '@phonehaat/shared-ui';
import { unblockImei } from '../api/blocked-imeis';
import { useT } from '../../../i18n';

/** Takes a phone off the blocklist, asking why (the activity log keeps it). */
export function UnblockDialog({ entry, onClose, onDone }: { entry: BlockedImei; onClose(): void; onDone(): void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (reason.trim().length < 3) return setError(t('blocked.reasonShort'));
    setBusy(true);
    try {
      await unblockImei(entry._id, reason.trim());
      notify.success(t('blocked.unblocked'));
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : t('blocked.failed'));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('blocked.unblockTitle', { last4: entry.imeiLast4 })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('blocked.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void confirm()}>
            {t('blocked.unblock')}
          </Button>
        </>
      }
    >
      <p>{t('blocked.unblockConsequence')}</p>
      <TextAreaField label={t('blocked.unblockReason')} rows={3} maxLength={500} value={reason} error={error} onChange={(event) => setReason(event.target.value)} />
    </Modal>
  );
}

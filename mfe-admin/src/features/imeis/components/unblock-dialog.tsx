import { useState } from 'react';
import type { BlockedImei } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { ConfirmDialog, notify } from '@phonehaat/shared-ui';
import { unblockImei } from '../api/blocked-imeis';
import { useT } from '../../../i18n';

/** Takes a phone off the blocklist, asking why (the activity log keeps it). */
export function UnblockDialog({ entry, onClose, onDone }: { entry: BlockedImei; onClose(): void; onDone(): void }) {
  const t = useT();
  const [error, setError] = useState<string>();
  const unblocking = useAction(unblockImei);
  const confirm = async (reason: string) => {
    try {
      await unblocking.run(entry._id, reason);
      notify.success(t('blocked.unblocked'));
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : t('blocked.failed'));
    }
  };
  return (
    <ConfirmDialog
      open
      busy={unblocking.busy}
      title={t('blocked.unblockTitle', { last4: entry.imeiLast4 })}
      message={t('blocked.unblockConsequence')}
      confirmLabel={t('blocked.unblock')}
      cancelLabel={t('blocked.cancel')}
      reason={{ label: t('blocked.unblockReason'), maxLength: 500, tooShort: t('blocked.reasonShort') }}
      error={error}
      onConfirm={(reason) => void confirm(reason)}
      onCancel={onClose}
    />
  );
}

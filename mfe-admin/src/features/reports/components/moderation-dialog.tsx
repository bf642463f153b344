import { useState } from 'react';
import type { ReportGroup } from '@phonehaat/shared-api';
import { MAX_REPORT_NOTE } from '@phonehaat/shared-api/limits';
import { Button, Modal, TextAreaField } from '@phonehaat/shared-ui';
import type { ModerationAction } from './report-group-card';
import { reasonKeys } from '../reason-keys';
import { useT } from '../../../i18n';

const titles = { dismiss: 'moderate.titleDismiss', remove: 'moderate.titleRemove', 'confirm-stolen': 'moderate.titleConfirmStolen', 'remove-seller': 'moderate.titleRemoveSeller', 'remove-message': 'moderate.titleRemoveMessage' } as const satisfies Record<ModerationAction, string>;
const consequences = { dismiss: 'moderate.dismiss', remove: 'moderate.remove', 'confirm-stolen': 'moderate.confirmStolen', 'remove-seller': 'moderate.removeSeller', 'remove-message': 'moderate.removeMessage' } as const satisfies Record<ModerationAction, string>;
const confirmations = { dismiss: 'moderate.confirmDismiss', remove: 'group.remove', 'confirm-stolen': 'group.confirmStolen', 'remove-seller': 'group.removeSeller', 'remove-message': 'group.removeMessage' } as const satisfies Record<ModerationAction, string>;

/** Confirms an action on a reported listing, naming it; removals ask for the reason its seller will see. */
export function ModerationDialog({
  group,
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  group: ReportGroup;
  action: ModerationAction;
  busy: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const t = useT();
  const [reason, setReason] = useState(() => t('moderate.reasonDefault', { reasons: [...new Set(group.reports.map((report) => t(reasonKeys[report.reason]).toLowerCase()))].join(', ') }));
  const [error, setError] = useState<string>();
  const needsReason = action !== 'dismiss';
  const confirm = () => {
    if (needsReason && reason.trim().length < 3) return setError(t('moderate.reasonShort'));
    onConfirm(reason.trim());
  };
  return (
    <Modal
      open
      onClose={onCancel}
      size="sm"
      title={t(titles[action], { name: group.product.name, seller: group.seller.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('moderate.cancel')}
          </Button>
          <Button variant={action === 'dismiss' ? 'primary' : 'danger'} loading={busy} onClick={confirm}>
            {t(confirmations[action])}
          </Button>
        </>
      }
    >
      <p>{t(consequences[action], { imei: group.product.imeiLast4 ? 'yes' : 'no', last4: group.product.imeiLast4 ?? '' })}</p>
      {needsReason && (
        <TextAreaField label={t('moderate.reason')} rows={3} maxLength={MAX_REPORT_NOTE} value={reason} error={error} onChange={(event) => setReason(event.target.value)} />
      )}
    </Modal>
  );
}

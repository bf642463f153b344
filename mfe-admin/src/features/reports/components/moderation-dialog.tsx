import { useState } from 'react';
import type { ReportGroup } from '@phonehaat/shared-api';
import { MAX_REPORT_NOTE, REPORT_REASON_LABELS } from '@phonehaat/shared-api/limits';
import { Button, Modal, TextAreaField } from '@phonehaat/shared-ui';
import type { ModerationAction } from './report-group-card';

const titles: Record<ModerationAction, (name: string, seller: string) => string> = {
  dismiss: (name) => `Dismiss the reports of ${name}?`,
  remove: (name) => `Remove ${name}?`,
  'remove-seller': (name, seller) => `Remove ${name} and its seller ${seller}?`,
};

const consequences: Record<ModerationAction, string> = {
  dismiss: 'The reports are closed as unfounded. The listing stays on sale.',
  remove: 'The listing leaves the storefront at once. Its seller sees your reason; unpaid bookings are cancelled and their buyers told.',
  'remove-seller': 'The listing is removed as above, then the seller is removed: they can no longer sign in and all their listings go.',
};

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
  const [reason, setReason] = useState(() => `Reported: ${[...new Set(group.reports.map((report) => REPORT_REASON_LABELS[report.reason].toLowerCase()))].join(', ')}`);
  const [error, setError] = useState<string>();
  const needsReason = action !== 'dismiss';
  const confirm = () => {
    if (needsReason && reason.trim().length < 3) return setError('Give the seller a reason (at least 3 characters)');
    onConfirm(reason.trim());
  };
  return (
    <Modal
      open
      onClose={onCancel}
      size="sm"
      title={titles[action](group.product.name, group.seller.name)}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant={action === 'dismiss' ? 'primary' : 'danger'} loading={busy} onClick={confirm}>
            {action === 'dismiss' ? 'Dismiss reports' : action === 'remove' ? 'Remove listing' : 'Remove listing and seller'}
          </Button>
        </>
      }
    >
      <p>{consequences[action]}</p>
      {needsReason && (
        <TextAreaField label="Reason (the seller sees it)" rows={3} maxLength={MAX_REPORT_NOTE} value={reason} error={error} onChange={(event) => setReason(event.target.value)} />
      )}
    </Modal>
  );
}

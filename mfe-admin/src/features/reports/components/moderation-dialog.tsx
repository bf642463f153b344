import type { ReportGroup } from '@phonehaat/shared-api';
import { MAX_REPORT_NOTE } from '@phonehaat/shared-api/limits';
import { ConfirmDialog } from '@phonehaat/shared-ui';
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
  const initial = t('moderate.reasonDefault', { reasons: [...new Set(group.reports.map((report) => t(reasonKeys[report.reason]).toLowerCase()))].join(', ') });
  return (
    <ConfirmDialog
      open
      busy={busy}
      danger={action !== 'dismiss'}
      title={t(titles[action], { name: group.product.name, seller: group.seller.name })}
      message={t(consequences[action], { imei: group.product.imeiLast4 ? 'yes' : 'no', last4: group.product.imeiLast4 ?? '' })}
      confirmLabel={t(confirmations[action])}
      cancelLabel={t('moderate.cancel')}
      // A dismissal needs no reason; every removal tells its seller why.
      reason={action === 'dismiss' ? undefined : { label: t('moderate.reason'), initial, maxLength: MAX_REPORT_NOTE, tooShort: t('moderate.reasonShort') }}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

import type { DisputeCase } from '@phonehaat/shared-api';
import { MAX_REPORT_NOTE } from '@phonehaat/shared-api/limits';
import { ConfirmDialog, formatTakaExact } from '@phonehaat/shared-ui';
import type { Decision } from './dispute-card';
import { useT } from '../../../i18n';

/** Confirms a refund or a release, with the reason the buyer and the seller will both read. */
export function DecisionDialog({ item, decision, busy, onConfirm, onCancel }: { item: DisputeCase; decision: Decision; busy: boolean; onConfirm(reason: string): void; onCancel(): void }) {
  const t = useT();
  const amount = formatTakaExact(item.amount / 100);
  const refund = decision === 'refund';
  return (
    <ConfirmDialog
      open
      busy={busy}
      danger={refund}
      title={t(refund ? 'disputes.refundTitle' : 'disputes.releaseTitle', { name: item.product.name })}
      message={t(refund ? (item.refundTo ? 'disputes.refundExplainCash' : 'disputes.refundExplain') : 'disputes.releaseExplain', {
        amount,
        buyer: item.buyer.name,
        seller: item.seller.name,
        method: t(`disputes.method.${item.method}`),
        wallet: item.refundTo ? t(`disputes.wallet.${item.refundTo.method}`) : '',
        number: item.refundTo?.number ?? '',
      })}
      confirmLabel={t(refund ? 'disputes.refundConfirm' : 'disputes.releaseConfirm', { amount })}
      cancelLabel={t('disputes.cancel')}
      reason={{ label: t('disputes.reasonLabel'), hint: t('disputes.reasonHint'), maxLength: MAX_REPORT_NOTE, tooShort: t('disputes.reasonShort') }}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

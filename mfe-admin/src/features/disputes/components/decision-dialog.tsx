import { useState } from 'react';
import type { DisputeCase } from '@phonehaat/shared-api';
import { MAX_REPORT_NOTE } from '@phonehaat/shared-api/limits';
import { Button, formatTakaExact, Modal, TextAreaField } from '@phonehaat/shared-ui';
import type { Decision } from './dispute-card';
import { useT } from '../../../i18n';

/** Confirms a refund or a release, with the reason the buyer and the seller will both read. */
export function DecisionDialog({ item, decision, busy, onConfirm, onCancel }: { item: DisputeCase; decision: Decision; busy: boolean; onConfirm(reason: string): void; onCancel(): void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const confirm = () => {
    if (reason.trim().length < 3) return setError(t('disputes.reasonShort'));
    onConfirm(reason.trim());
  };
  const amount = formatTakaExact(item.amount / 100);
  return (
    <Modal
      open
      onClose={onCancel}
      size="sm"
      title={t(decision === 'refund' ? 'disputes.refundTitle' : 'disputes.releaseTitle', { name: item.product.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('disputes.cancel')}
          </Button>
          <Button variant={decision === 'refund' ? 'danger' : 'primary'} loading={busy} disabled={busy} onClick={confirm}>
            {t(decision === 'refund' ? 'disputes.refundConfirm' : 'disputes.releaseConfirm', { amount })}
          </Button>
        </>
      }
    >
      <p>{t(decision === 'refund' ? 'disputes.refundExplain' : 'disputes.releaseExplain', { amount, buyer: item.buyer.name, seller: item.seller.name, method: t(`disputes.method.${item.method}`) })}</p>
      <TextAreaField label={t('disputes.reasonLabel')} hint={t('disputes.reasonHint')} rows={3} maxLength={MAX_REPORT_NOTE} value={reason} error={error} onChange={(event) => setReason(event.target.value)} />
    </Modal>
  );
}

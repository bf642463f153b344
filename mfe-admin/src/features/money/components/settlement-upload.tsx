import { useRef, useState, type FormEvent } from 'react';
import type { CourierSettlement } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, FileField, formatDate, formatNumber, formatTakaExact } from '@phonehaat/shared-ui';
import { DataTable } from '@phonehaat/shared-ui/data-table';
import { useT } from '../../../i18n';
import { recordSettlement } from '../api/record-settlement';
import styles from './money.module.css';

/** The columns the courier's export must have (read by name). */
const COLUMNS = 'Invoice ID, Consignment ID, Status, Collected Amount, Delivery Fee, COD Fee, Payout';

/**
 * The courier's settlement (issue 45): the admin uploads the payment invoices the courier's merchant panel exports
 * (CSV); each parcel's cash is settled in the ledger and the reconciliation above names what does not agree.
 */
export function SettlementUpload({ settlements, onRecorded }: { settlements: CourierSettlement[]; onRecorded: () => void }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [recorded, setRecorded] = useState<string>();
  const recording = useAction(recordSettlement);
  const courierName = (id: string) => (id === 'pathao' ? t('money.courier.pathao') : id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRecorded(undefined);
    if (!file) {
      setProblem(t('money.settle.choose'));
      form.current?.querySelector('input')?.focus();
      return;
    }
    try {
      const answer = await recording.run(await file.text());
      setProblem(undefined);
      setFile(undefined);
      form.current?.reset();
      setRecorded(t('money.settle.recorded', { invoices: answer.recorded.map((invoice) => invoice.invoiceId).join(', ') }));
      onRecorded();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('money.settle.failed'));
      form.current?.querySelector('input')?.focus();
    }
  };

  return (
    <section className={styles.section} aria-labelledby="settlements-heading">
      <h2 id="settlements-heading">{t('money.settle.title')}</h2>
      <p className={styles.sub}>
        {t('money.settle.help')} <code>{COLUMNS}</code>
      </p>
      <form ref={form} className={styles.upload} onSubmit={submit} noValidate>
        <FileField
          label={t('money.settle.file')}
          accept=".csv,text/csv"
          error={problem}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setProblem(undefined);
          }}
        />
        <Button type="submit" loading={recording.busy}>
          {t('money.settle.record')}
        </Button>
      </form>
      {recorded && (
        <p className={styles.good} role="status">
          {recorded}
        </p>
      )}
      {settlements.length > 0 && (
        <DataTable
          caption={t('money.settle.list')}
          variant="cards"
          rows={settlements}
          rowKey={(settlement) => `${settlement.courier}:${settlement.invoiceId}`}
          columns={[
            { key: 'invoice', header: t('money.settle.col.invoice'), label: t('money.settle.col.invoice'), rowHeader: true, className: styles.reference, cell: (settlement) => <span translate="no">{settlement.invoiceId}</span> },
            { key: 'courier', header: t('money.settle.col.courier'), label: t('money.settle.col.courier'), cell: (settlement) => courierName(settlement.courier) },
            { key: 'parcels', header: t('money.settle.col.parcels'), label: t('money.settle.col.parcels'), cell: (settlement) => formatNumber(settlement.parcels) },
            { key: 'payout', header: t('money.settle.col.payout'), label: t('money.settle.col.payout'), cell: (settlement) => formatTakaExact(settlement.payout / 100) },
            { key: 'at', header: t('money.settle.col.at'), label: t('money.settle.col.at'), cell: (settlement) => formatDate(settlement.recordedAt, { hour: 'numeric', minute: '2-digit' }) },
          ]}
        />
      )}
    </section>
  );
}

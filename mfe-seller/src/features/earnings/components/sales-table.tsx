import type { EarningSale } from '@phonehaat/shared-api';
import { formatDate, formatTakaExact } from '@phonehaat/shared-ui';
import { CellNote, DataTable } from '@phonehaat/shared-ui/data-table';
import { useT } from '../../../i18n';
import styles from './earnings.module.css';

const taka = (poisha: number) => formatTakaExact(poisha / 100);
const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });

/** Each sale: what the buyer paid, PhoneHaat's fee, what the seller gets, and where the money is. */
export function SalesTable({ sales }: { sales: EarningSale[] }) {
  const t = useT();
  if (sales.length === 0) return <p className={styles.empty}>{t('earnings.noSales')}</p>;
  return (
    <DataTable
      caption={t('earnings.salesCaption')}
      rows={sales}
      rowKey={(sale) => sale.bookingId}
      columns={[
        {
          key: 'phone',
          header: t('earnings.col.phone'),
          rowHeader: true,
          cell: (sale) => (
            <>
              <span translate="no">{sale.productName}</span>
              <CellNote>
                {day(sale.paidAt)} · {t(`earnings.method.${sale.method}`)}
              </CellNote>
            </>
          ),
        },
        { key: 'paid', header: t('earnings.col.paid'), cell: (sale) => taka(sale.amount) },
        { key: 'fee', header: t('earnings.col.fee'), cell: (sale) => taka(sale.fee) },
        { key: 'net', header: t('earnings.col.net'), cell: (sale) => taka(sale.net) },
        {
          key: 'state',
          header: t('earnings.col.state'),
          cell: (sale) => (
            <>
              <span className={styles[sale.state]}>{t(`earnings.state.${sale.state}`)}</span>
              {sale.state === 'held' && sale.releaseAt && <CellNote>{t('earnings.releaseAt', { date: day(sale.releaseAt) })}</CellNote>}
            </>
          ),
        },
      ]}
    />
  );
}

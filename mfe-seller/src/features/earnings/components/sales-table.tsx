import type { EarningSale } from '@phonehaat/shared-api';
import { formatDate, formatTakaExact } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './earnings.module.css';

const taka = (poisha: number) => formatTakaExact(poisha / 100);
const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });

/** Each sale: what the buyer paid, PhoneHaat's fee, what the seller gets, and where the money is. */
export function SalesTable({ sales }: { sales: EarningSale[] }) {
  const t = useT();
  if (sales.length === 0) return <p className={styles.empty}>{t('earnings.noSales')}</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('earnings.salesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('earnings.col.phone')}</th>
            <th scope="col">{t('earnings.col.paid')}</th>
            <th scope="col">{t('earnings.col.fee')}</th>
            <th scope="col">{t('earnings.col.net')}</th>
            <th scope="col">{t('earnings.col.state')}</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.bookingId}>
              <th scope="row">
                <span translate="no">{sale.productName}</span>
                <span className={styles.sub}>
                  {day(sale.paidAt)} · {t(`earnings.method.${sale.method}`)}
                </span>
              </th>
              <td>{taka(sale.amount)}</td>
              <td>{taka(sale.fee)}</td>
              <td>{taka(sale.net)}</td>
              <td>
                <span className={styles[sale.state]}>{t(`earnings.state.${sale.state}`)}</span>
                {sale.state === 'held' && sale.releaseAt && <span className={styles.sub}>{t('earnings.releaseAt', { date: day(sale.releaseAt) })}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

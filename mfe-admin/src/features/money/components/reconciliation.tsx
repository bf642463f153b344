import type { MoneyOverview } from '@phonehaat/shared-api';
import { formatDate, formatNumber, formatTakaExact } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './money.module.css';

const taka = (poisha: number | null) => (poisha === null ? '—' : formatTakaExact(poisha / 100));
const method = (id: string) => (id === 'bkash' ? 'bKash' : id === 'card' ? 'Stripe' : id);

/** Which providers were checked, and each difference between the ledger and their records, named. */
export function Reconciliation({ reconciliation }: { reconciliation: MoneyOverview['reconciliation'] }) {
  const t = useT();
  const { providers, differences, checkedAt } = reconciliation;
  return (
    <section className={styles.section} aria-labelledby="reconciliation-heading">
      <h2 id="reconciliation-heading">{t('money.reconciliation')}</h2>
      <ul className={styles.providers}>
        {providers.map((provider) => (
          <li key={provider.method} className={provider.reachable ? undefined : styles.bad}>
            {provider.reachable ? t('money.checked', { method: method(provider.method), count: formatNumber(provider.checked) }) : t('money.unreachable', { method: method(provider.method) })}
          </li>
        ))}
      </ul>
      <p className={styles.sub}>{t('money.at', { date: formatDate(checkedAt, { hour: 'numeric', minute: '2-digit', second: '2-digit' }) })}</p>
      {differences.length === 0 ? (
        <p className={styles.good} role="status">
          {t('money.agrees')}
        </p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('money.differences')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('money.col.method')}</th>
                <th scope="col">{t('money.col.reference')}</th>
                <th scope="col">{t('money.col.kind')}</th>
                <th scope="col">{t('money.col.problem')}</th>
                <th scope="col">{t('money.col.ledger')}</th>
                <th scope="col">{t('money.col.provider')}</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((difference) => (
                <tr key={`${difference.method}:${difference.kind}:${difference.reference}`}>
                  <td>{method(difference.method)}</td>
                  <td className={styles.reference} translate="no">
                    {difference.reference}
                  </td>
                  <td>{t(`money.kind.${difference.kind}`)}</td>
                  <td className={styles.bad}>{t(`money.problem.${difference.problem}`)}</td>
                  <td>{taka(difference.ledgerAmount)}</td>
                  <td>{taka(difference.providerAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import type { MoneyOverview } from '@phonehaat/shared-api';
import { formatDate, formatNumber, formatTakaExact } from '@phonehaat/shared-ui';
import { DataTable } from '@phonehaat/shared-ui/data-table';
import { useT } from '../../../i18n';
import styles from './money.module.css';

const taka = (poisha: number | null) => (poisha === null ? '—' : formatTakaExact(poisha / 100));
const NAMES: Record<string, string> = { bkash: 'bKash', card: 'Stripe', sslcommerz: 'SSLCommerz' };

/** Which providers were checked, and each difference between the ledger and their records, named. */
export function Reconciliation({ reconciliation }: { reconciliation: MoneyOverview['reconciliation'] }) {
  const t = useT();
  // Names as people say them in the page's language (পাঠাও, নগদ); the other providers' as they write them.
  const method = (id: string) => (id === 'pathao' ? t('money.courier.pathao') : id === 'nagad' ? t('money.provider.nagad') : (NAMES[id] ?? id));
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
        <DataTable
          caption={t('money.differences')}
          rows={differences}
          rowKey={(difference) => `${difference.method}:${difference.kind}:${difference.reference}`}
          columns={[
            { key: 'method', header: t('money.col.method'), cell: (difference) => method(difference.method) },
            { key: 'reference', header: t('money.col.reference'), className: styles.reference, cell: (difference) => <span translate="no">{difference.reference}</span> },
            { key: 'kind', header: t('money.col.kind'), cell: (difference) => t(`money.kind.${difference.kind}`) },
            { key: 'problem', header: t('money.col.problem'), className: styles.bad, cell: (difference) => t(`money.problem.${difference.problem}`) },
            { key: 'ledger', header: t('money.col.ledger'), cell: (difference) => taka(difference.ledgerAmount) },
            { key: 'provider', header: t('money.col.provider'), cell: (difference) => taka(difference.providerAmount) },
          ]}
        />
      )}
    </section>
  );
}

import { prefetchApi, QueryView, updateRead, useApiQuery } from '@phonehaat/shared-data';
import { PageHeader, Spinner } from '@phonehaat/shared-ui';
import { EarningsTotals } from '../features/earnings/components/earnings-totals';
import { PayoutsList } from '../features/earnings/components/payouts-list';
import { PayoutWalletForm } from '../features/earnings/components/payout-wallet-form';
import { SalesTable } from '../features/earnings/components/sales-table';
import styles from '../features/earnings/components/earnings.module.css';
import { useT } from '../i18n';

/** Runs before the page shows (the shell's route, or its server composing it): the seller's money, into the cache. */
export async function loader() {
  await prefetchApi('getMyEarnings');
  return null;
}

/** `/dashboard/earnings` (issue 33): the seller's money per sale, held until the handover, released, paid out; the payout wallet. */
export default function EarningsPage() {
  const t = useT();
  const earnings = useApiQuery('getMyEarnings');

  return (
    <section>
      <PageHeader title={t('earnings.title')} subtitle={t('earnings.subtitle')} />
      <QueryView query={earnings} loading={<Spinner label={t('earnings.loading')} />} failed={{ title: t('earnings.loadFailed') }}>
        {(money) => (
          <>
            <EarningsTotals totals={money.totals} />
            <section className={styles.section} aria-labelledby="payouts-heading">
              <h2 id="payouts-heading">{t('payouts.title')}</h2>
              <PayoutsList earnings={money} />
              <PayoutWalletForm
                wallet={money.wallet}
                onSaved={(wallet) => {
                  // Shown at once, then read again: a payout waiting for a wallet may have gone with it.
                  updateRead('getMyEarnings', undefined, (current) => ({ ...current, wallet }));
                  updateRead('getPayoutWallet', undefined, () => wallet);
                  void earnings.refetch();
                }}
              />
            </section>
            <section className={styles.section}>
              <SalesTable sales={money.sales} />
            </section>
          </>
        )}
      </QueryView>
    </section>
  );
}

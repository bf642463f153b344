import { useLoaderData } from 'react-router-dom';
import type { Earnings } from '@phonehaat/shared-api';
import { settle, type ApiState } from '@phonehaat/shared-data';
import { ErrorState, PageHeader, Spinner } from '@phonehaat/shared-ui';
import { getEarnings, useEarnings } from '../features/earnings/api/get-earnings';
import { EarningsTotals } from '../features/earnings/components/earnings-totals';
import { PayoutsList } from '../features/earnings/components/payouts-list';
import { PayoutWalletForm } from '../features/earnings/components/payout-wallet-form';
import { SalesTable } from '../features/earnings/components/sales-table';
import styles from '../features/earnings/components/earnings.module.css';
import { useT } from '../i18n';

export interface EarningsData {
  earnings: ApiState<Earnings>;
}

/** Runs before the page shows (the shell's route, or its server composing it). */
export async function loader(): Promise<EarningsData> {
  return { earnings: await settle(getEarnings()) };
}

/** `/dashboard/earnings` (issue 33): the seller's money per sale, held until the handover, released, paid out; the payout wallet. */
export default function EarningsPage() {
  const t = useT();
  const data = useLoaderData() as EarningsData | undefined;
  const earnings = useEarnings(data?.earnings);

  return (
    <section>
      <PageHeader title={t('earnings.title')} subtitle={t('earnings.subtitle')} />
      {earnings.status === 'loading' && <Spinner label={t('earnings.loading')} />}
      {earnings.status === 'error' && (
        <ErrorState title={t('earnings.loadFailed')} message={earnings.error.message} onRetry={earnings.reload} />
      )}
      {earnings.status === 'success' && (
        <>
          <EarningsTotals totals={earnings.data.totals} />
          <section className={styles.section} aria-labelledby="payouts-heading">
            <h2 id="payouts-heading">{t('payouts.title')}</h2>
            <PayoutsList earnings={earnings.data} />
            <PayoutWalletForm
              wallet={earnings.data.wallet}
              onSaved={(wallet) => {
                earnings.setData((current) => ({ ...current, wallet }));
                earnings.reload();
              }}
            />
          </section>
          <section className={styles.section}>
            <SalesTable sales={earnings.data.sales} />
          </section>
        </>
      )}
    </section>
  );
}

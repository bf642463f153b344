import { prefetchApi, QueryView, useApiQuery } from '@phonehaat/shared-data';
import { formatTakaExact, PageHeader, Skeleton } from '@phonehaat/shared-ui';
import { FigureTiles } from '@phonehaat/shared-ui/figure-tiles';
import { HeldPayments } from '../features/money/components/held-payments';
import { Reconciliation } from '../features/money/components/reconciliation';
import { SettlementUpload } from '../features/money/components/settlement-upload';
import styles from '../features/money/components/money.module.css';
import { useT } from '../i18n';

/** Runs before the page shows (the shell's route, or its server composing it): the ledger's figures, into the cache. */
export async function loader() {
  await Promise.all([prefetchApi('getMoneyOverview'), prefetchApi('listPaymentReviews')]);
  return null;
}

const FIGURES = [
  ['held', 'money.held'],
  ['owedToSellers', 'money.owed'],
  ['paidOut', 'money.paidOut'],
  ['fees', 'money.fees'],
  ['refunded', 'money.refunded'],
  ['owedByCouriers', 'money.owedByCouriers'],
  ['courierCharges', 'money.courierCharges'],
] as const;

/** `/dashboard/money` (issue 33): where every taka is, the ledger reconciled against the providers, and the couriers' settlement reports (issue 45). */
export default function MoneyPage() {
  const t = useT();
  // The ledger's balances and its reconciliation against Stripe and bKash (poisha).
  const money = useApiQuery('getMoneyOverview');
  return (
    <section>
      <PageHeader title={t('money.title')} subtitle={t('money.subtitle')} />
      <HeldPayments />
      <QueryView
        query={money}
        loading={
          <div role="status" aria-busy="true" aria-label={t('money.loading')}>
            <Skeleton height={120} radius="var(--ph-radius-lg)" />
          </div>
        }
      >
        {(overview) => (
          <>
            <FigureTiles testIdPrefix="money" figures={FIGURES.map(([field, label]) => ({ key: field, label: t(label), value: formatTakaExact(overview[field] / 100) }))} />
            {overview.ledgerSum !== 0 && (
              <p className={styles.bad} role="alert">
                {t('money.ledgerBroken', { amount: formatTakaExact(overview.ledgerSum / 100) })}
              </p>
            )}
            <Reconciliation reconciliation={overview.reconciliation} />
            {/* Read again in place: the figures stay while they are (the form keeps what it just said). */}
            <SettlementUpload settlements={overview.settlements} onRecorded={() => void money.refetch()} />
          </>
        )}
      </QueryView>
    </section>
  );
}

import { useLoaderData } from 'react-router-dom';
import type { MoneyOverview } from '@phonehaat/shared-api';
import { settle, type ApiState } from '@phonehaat/shared-data';
import { ErrorState, formatTakaExact, PageHeader, Skeleton } from '@phonehaat/shared-ui';
import { FigureTiles } from '@phonehaat/shared-ui/figure-tiles';
import { getMoney, useMoney } from '../features/money/api/get-money';
import { Reconciliation } from '../features/money/components/reconciliation';
import { SettlementUpload } from '../features/money/components/settlement-upload';
import styles from '../features/money/components/money.module.css';
import { useT } from '../i18n';

export interface MoneyData {
  money: ApiState<MoneyOverview>;
}

/** Runs before the page shows (the shell's route, or its server composing it). */
export async function loader(): Promise<MoneyData> {
  return { money: await settle(getMoney()) };
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
  const loaded = useLoaderData() as MoneyData | undefined;
  const money = useMoney(loaded?.money);
  return (
    <section>
      <PageHeader title={t('money.title')} subtitle={t('money.subtitle')} />
      {money.status === 'loading' && (
        <div role="status" aria-busy="true" aria-label={t('money.loading')}>
          <Skeleton height={120} radius="var(--ph-radius-lg)" />
        </div>
      )}
      {money.status === 'error' && <ErrorState message={money.error.message} onRetry={money.reload} />}
      {money.status === 'success' && (
        <>
          <FigureTiles testIdPrefix="money" figures={FIGURES.map(([field, label]) => ({ key: field, label: t(label), value: formatTakaExact(money.data[field] / 100) }))} />
          {money.data.ledgerSum !== 0 && (
            <p className={styles.bad} role="alert">
              {t('money.ledgerBroken', { amount: formatTakaExact(money.data.ledgerSum / 100) })}
            </p>
          )}
          <Reconciliation reconciliation={money.data.reconciliation} />
          {/* Read again in place (a reload would unmount the form, and with it what it just said). */}
          <SettlementUpload settlements={money.data.settlements} onRecorded={() => getMoney().then((fresh) => money.setData(() => fresh), money.reload)} />
        </>
      )}
    </section>
  );
}

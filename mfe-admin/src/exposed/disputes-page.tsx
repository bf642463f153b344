import { useState } from 'react';
import type { DisputeCase } from '@phonehaat/shared-api';
import { ApiRequestError, prefetchApi, QueryView, useAction } from '@phonehaat/shared-data';
import { Button, formatNumber, notify, PageHeader, Pagination, Skeleton } from '@phonehaat/shared-ui';
import { decideDispute, DISPUTES_PAGE_SIZE, disputesAsked, useDisputes, type DisputeFilter } from '../features/disputes/api/disputes';
import { DecisionDialog } from '../features/disputes/components/decision-dialog';
import { DisputeCard, type Decision } from '../features/disputes/components/dispute-card';
import styles from '../features/disputes/components/disputes.module.css';
import { useT } from '../i18n';

/** Runs before the page shows (the shell's route, or its server composing it): the open disputes' first page, into the cache. */
export async function loader() {
  await prefetchApi('listDisputes', disputesAsked('open', 1));
  return null;
}

/** `/dashboard/disputes` (issue 33): buyers' disputes of held sales; refund the buyer or release to the seller. */
export default function DisputesPage() {
  const t = useT();
  const [status, setStatus] = useState<DisputeFilter>('open');
  const [page, setPage] = useState(1);
  const disputes = useDisputes(status, page);
  const [pending, setPending] = useState<{ item: DisputeCase; decision: Decision }>();
  // A decision changes the list (this page) and the money the ledger holds.
  const deciding = useAction(decideDispute, { invalidates: ['listDisputes', 'getMoneyOverview'] });

  const show = (next: DisputeFilter) => {
    setStatus(next);
    setPage(1);
  };
  const decide = async (reason: string) => {
    if (!pending) return;
    try {
      const { status: outcome } = await deciding.run(pending.item._id, { outcome: pending.decision, reason });
      notify.success(t('disputes.done', { outcome, name: pending.item.product.name }));
      setPending(undefined);
    } catch (error) {
      // Decided meanwhile (another admin), or the provider refused: the list shows where it now stands.
      notify.error(error instanceof ApiRequestError ? error.message : t('disputes.failed'));
      setPending(undefined);
      void disputes.refetch();
    }
  };

  const data = disputes.data;
  return (
    <section>
      <PageHeader title={t('disputes.title')} subtitle={t('disputes.subtitle')} />
      <div className={styles.tabs} role="group" aria-label={t('disputes.which')}>
        <Button size="sm" variant={status === 'open' ? 'primary' : 'secondary'} aria-pressed={status === 'open'} onClick={() => show('open')}>
          {data ? t('disputes.openCount', { count: formatNumber(data.openCount) }) : t('disputes.open')}
        </Button>
        <Button size="sm" variant={status === 'decided' ? 'primary' : 'secondary'} aria-pressed={status === 'decided'} onClick={() => show('decided')}>
          {t('disputes.decided')}
        </Button>
      </div>
      <QueryView
        query={disputes}
        loading={
          <div className={styles.list} role="status" aria-busy="true" aria-label={t('disputes.loading')}>
            <Skeleton height={180} radius="var(--ph-radius-lg)" />
          </div>
        }
        isEmpty={(found) => found.cases.length === 0}
        empty={{ title: t(status === 'open' ? 'disputes.emptyOpen' : 'disputes.emptyDecided') }}
      >
        {(found) => (
          <>
            <div className={styles.list}>
              {found.cases.map((item) => (
                <DisputeCard key={item._id} item={item} onDecide={item.status === 'open' ? (decision) => setPending({ item, decision }) : undefined} />
              ))}
            </div>
            <Pagination page={page} pageCount={Math.max(1, Math.ceil(found.total / DISPUTES_PAGE_SIZE))} onPageChange={setPage} label={t('disputes.pages')} />
          </>
        )}
      </QueryView>
      {pending && <DecisionDialog item={pending.item} decision={pending.decision} busy={deciding.busy} onConfirm={(reason) => void decide(reason)} onCancel={() => setPending(undefined)} />}
    </section>
  );
}

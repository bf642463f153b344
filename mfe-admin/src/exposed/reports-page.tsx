import { useState } from 'react';
import type { ReportGroup } from '@phonehaat/shared-api';
import { ApiRequestError, QueryView, useAction } from '@phonehaat/shared-data';
import { Button, formatNumber, notify, PageHeader, Pagination, Skeleton } from '@phonehaat/shared-ui';
import { removeUser } from '../features/users/api/remove-user';
import { REPORTS_PAGE_SIZE, useReports } from '../features/reports/api/get-reports';
import { dismissReports, HOLD_CHANGES, holdSender, MODERATION_CHANGES, removeListing, removeMessage } from '../features/reports/api/moderate';
import { HeldSenders } from '../features/reports/components/held-senders';
import { ModerationDialog } from '../features/reports/components/moderation-dialog';
import { ReportGroupCard, type ModerationAction } from '../features/reports/components/report-group-card';
import styles from './reports-page.module.css';
import { useT } from '../i18n';

/** `/dashboard/reports`: reported listings, most-reported first; dismiss, remove the listing, or its seller too. */
export default function ReportsPage() {
  const t = useT();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [page, setPage] = useState(1);
  const reports = useReports(status, page);
  const [pending, setPending] = useState<{ group: ReportGroup; action: ModerationAction; messageId?: string }>();

  const show = (next: 'open' | 'resolved') => {
    setStatus(next);
    setPage(1);
  };

  /** One moderation, as the admin chose it; answers what it did (a confirmed theft whose IMEI could not be blocked: a removal). */
  const moderation = useAction(async ({ group, action, messageId }: NonNullable<typeof pending>, reason: string) => {
    if (action === 'remove-message') return (await removeMessage(messageId!, reason), 'message');
    if (action === 'dismiss') return (await dismissReports(group.product._id), action);
    if (action === 'confirm-stolen') return (await removeListing(group.product._id, reason, true)).imeiBlocked ? 'stolen' : 'remove';
    await removeListing(group.product._id, reason);
    if (action === 'remove-seller') await removeUser('seller', group.seller._id);
    return action;
  }, { invalidates: MODERATION_CHANGES });

  // Holding a message's sender (issue 70) asks no reason: it is undone by a release, and the log names who held them.
  const hold = useAction(holdSender, { invalidates: HOLD_CHANGES });
  const holdOne = async (userId: string, name: string) => {
    try {
      await hold.run(userId);
      notify.success(t('holds.held', { name }));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('reports.failed'));
    }
  };

  const act = async (reason: string) => {
    if (!pending) return;
    try {
      const done = await moderation.run(pending, reason);
      notify.success(t('reports.done', { action: done }));
      setPending(undefined);
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('reports.failed'));
    }
  };

  const data = reports.data;
  return (
    <section>
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <HeldSenders />
      <div className={styles.tabs} role="group" aria-label={t('reports.which')}>
        <Button size="sm" variant={status === 'open' ? 'primary' : 'secondary'} aria-pressed={status === 'open'} onClick={() => show('open')}>
          {data ? t('reports.openCount', { count: formatNumber(data.openCount) }) : t('reports.open')}
        </Button>
        <Button size="sm" variant={status === 'resolved' ? 'primary' : 'secondary'} aria-pressed={status === 'resolved'} onClick={() => show('resolved')}>
          {t('reports.resolved')}
        </Button>
      </div>
      <QueryView
        query={reports}
        loading={
          <div className={styles.list} role="status" aria-busy="true" aria-label={t('reports.loading')}>
            {[0, 1].map((i) => (
              <Skeleton key={i} height={180} radius="var(--ph-radius-lg)" />
            ))}
          </div>
        }
        isEmpty={(page) => page.groups.length === 0}
        empty={{
          title: status === 'open' ? t('reports.emptyOpenTitle') : t('reports.emptyResolvedTitle'),
          message: status === 'open' ? t('reports.emptyOpen') : t('reports.emptyResolved'),
        }}
      >
        {(data) => (
          <>
            <div className={styles.list}>
              {data.groups.map((group) => (
                <ReportGroupCard
                  key={group.product._id}
                  group={group}
                  onAction={status === 'open' ? (action, messageId) => setPending({ group, action, messageId }) : undefined}
                  onHold={status === 'open' && !hold.busy ? (userId, name) => void holdOne(userId, name) : undefined}
                />
              ))}
            </div>
            <Pagination page={page} pageCount={Math.max(1, Math.ceil(data.total / REPORTS_PAGE_SIZE))} onPageChange={setPage} label={t('reports.pages')} />
          </>
        )}
      </QueryView>
      {pending && <ModerationDialog group={pending.group} action={pending.action} busy={moderation.busy} onConfirm={(reason) => void act(reason)} onCancel={() => setPending(undefined)} />}
    </section>
  );
}

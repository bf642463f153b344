import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatDate, formatNumber, notify, UserText } from '@phonehaat/shared-ui';
import { useSenderHolds } from '../api/get-reports';
import { HOLD_CHANGES, releaseSender } from '../api/moderate';
import styles from '../../../styles/review-panel.module.css';
import { useT } from '../../../i18n';

const when = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * People held for review (issue 70), above the reports: who held them (the scam rules, flagged with several people in a
 * day, or an admin), how many messages of theirs wait, and releasing them (what waited is delivered). Removing the
 * account is the Buyers' and Sellers' pages' (and a report's) action. Nothing shows while nobody is held.
 */
export function HeldSenders() {
  const t = useT();
  const holds = useSenderHolds();
  const release = useAction(releaseSender, { invalidates: HOLD_CHANGES });
  if (!holds.data || holds.data.length === 0) return null;

  const releaseOne = async (userId: string, name: string) => {
    try {
      const { delivered } = await release.run(userId);
      notify.success(t('holds.released', { name, count: delivered }));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('reports.failed'));
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="held-senders">
      <h2 id="held-senders" className={styles.title}>
        {t('holds.title', { count: formatNumber(holds.data.length) })}
      </h2>
      <p className={styles.muted}>{t('holds.explain')}</p>
      <ul className={styles.list}>
        {holds.data.map((hold) => (
          <li key={hold.user._id} className={styles.item} data-testid="held-sender">
            <p className={styles.line}>
              <strong>
                <UserText>{hold.user.name}</UserText>
              </strong>
              {hold.user.email && (
                <>
                  {' '}
                  (<UserText>{hold.user.email}</UserText>)
                </>
              )}
              {hold.user.removed && ` · ${t('group.sellerRemoved')}`}
            </p>
            <p className={styles.muted}>
              {hold.heldBy.kind === 'rules'
                ? t('holds.byRules', { people: hold.flaggedPeople, when: when(hold.heldAt) })
                : t.rich('holds.byAdmin', { name: <UserText>{hold.heldBy.name}</UserText>, when: when(hold.heldAt) })}
              {' · '}
              {t('holds.waiting', { count: hold.waiting })}
            </p>
            <Button size="sm" variant="secondary" loading={release.pending?.[0] === hold.user._id} disabled={release.busy} onClick={() => void releaseOne(hold.user._id, hold.user.name)}>
              {t('holds.release')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

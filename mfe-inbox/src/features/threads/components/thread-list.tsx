import { Link } from 'react-router-dom';
import type { Thread } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { formatNumber, formatTaka, UserText } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import { when } from '../../../lib/when';
import styles from './thread-list.module.css';

/** The person's conversations, newest first: the other person, the listing, the last message, what is unread. */
export function ThreadList({ threads, activeId }: { threads: Thread[]; activeId?: string | undefined }) {
  const t = useT();
  return (
    <ul className={styles.list} aria-label={t('list.label')}>
      {threads.map((thread) => {
        const last = thread.lastMessage;
        const mine = last !== null && last.senderId !== thread.other._id;
        return (
          <li key={thread._id}>
            <Link
              to={paths.inbox(thread._id)}
              className={thread._id === activeId ? `${styles.row} ${styles.active}` : styles.row}
              aria-current={thread._id === activeId ? 'page' : undefined}
            >
              <img className={styles.photo} src={thread.listing.img} alt="" width={48} height={48} loading="lazy" />
              <span className={styles.text}>
                <span className={styles.top}>
                  <span className={thread.unread > 0 ? `${styles.name} ${styles.unread}` : styles.name} translate="no">
                    {thread.other.name}
                  </span>
                  {last && <time dateTime={last.createdAt}>{when(last.createdAt)}</time>}
                </span>
                <span className={styles.listing} translate="no">
                  {thread.listing.name}
                </span>
                <span className={styles.preview}>
                  {last?.offer ? t('list.offer', { amount: formatTaka(last.offer.amount ?? 0) }) : last ? mine ? t.rich('list.you', { body: <UserText>{last.body}</UserText> }) : <UserText>{last.body}</UserText> : t('list.noMessages')}
                </span>
              </span>
              {thread.unread > 0 && (
                <span className={styles.badge} aria-label={t('list.unread', { count: thread.unread })}>
                  {formatNumber(thread.unread)}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

import { Link } from 'react-router-dom';
import type { Notification } from '@phonehaat/shared-api';
import { VisuallyHidden } from '@phonehaat/shared-ui';
import { when } from '../../../lib/when';
import { useT } from '../i18n';
import { describe } from '../words';
import styles from './notification-list.module.css';

/** The notifications, newest first: what happened (a link to it), when, and whether it is unread. */
export function NotificationList({ items, onOpen }: { items: Notification[]; onOpen(notification: Notification): void }) {
  const t = useT();
  return (
    <ul className={styles.list} aria-label={t('list.label')}>
      {items.map((item) => (
        <li key={item._id}>
          <Link to={item.link} className={item.read ? styles.row : `${styles.row} ${styles.unread}`} onClick={() => onOpen(item)}>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.text}>
              {!item.read && <VisuallyHidden>{`${t('list.unread')}: `}</VisuallyHidden>}
              <span>{describe(item)}</span>
              <time className={styles.time} dateTime={item.createdAt}>
                {when(item.createdAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

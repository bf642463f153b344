import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { loadLive, paths, useRole } from '@phonehaat/shared-auth';
import { formatNumber, VisuallyHidden } from '@phonehaat/shared-ui';
import { useT } from '../i18n';
import styles from './navbar.module.css';

/** Runs `start` after the first page has loaded (never competing with it); answers what cancels it. */
const afterLoad = (start: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => (timer = setTimeout(start, 0));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    clearTimeout(timer);
  };
};

/** "Messages" in the navbar for a signed-in buyer or seller, with how many conversations have something unread, live. */
export function InboxLink({ className }: { className: (state: { isActive: boolean }) => string | undefined }) {
  const t = useT();
  const { can } = useRole();
  const allowed = can('read:thread:own');
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancel = afterLoad(() => {
      void loadLive().then((live) => {
        if (cancelled) return;
        const unsubscribe = live.subscribe(() => undefined);
        const unwatch = live.liveStore.subscribe((state) => setUnread(state.unreadThreads));
        setUnread(live.liveStore.getState().unreadThreads);
        stop = () => {
          unwatch();
          unsubscribe();
        };
      });
    });
    return () => {
      cancelled = true;
      cancel();
      stop?.();
    };
  }, [allowed]);
  if (!allowed) return null;
  return (
    <li>
      <NavLink to={paths.inbox} className={className}>
        {t('nav.inbox')}
        {unread ? (
          <span className={styles.count} data-testid="unread-count">
            <span aria-hidden="true">{formatNumber(unread)}</span>
            <VisuallyHidden>{t('nav.unread', { count: unread })}</VisuallyHidden>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

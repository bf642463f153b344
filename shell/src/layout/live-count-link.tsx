import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { loadLive, useRole } from '@phonehaat/shared-auth';
import type { Permission } from '@phonehaat/shared-api/permissions';
import { formatNumber, VisuallyHidden } from '@phonehaat/shared-ui';
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

type Counted = 'unreadThreads' | 'unreadNotifications';

/**
 * A live count (unread conversations, unread notifications) for whom the permission allows, null until known: the
 * stream starts after the page has loaded, and the count follows it.
 */
export function useLiveCount(permission: Permission, counted: Counted): number | null {
  const { can } = useRole();
  const allowed = can(permission);
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancel = afterLoad(() => {
      void loadLive().then((live) => {
        if (cancelled) return;
        const unsubscribe = live.subscribe(() => undefined);
        const unwatch = live.liveStore.subscribe((state) => setCount(state[counted]));
        setCount(live.liveStore.getState()[counted]);
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
  }, [allowed, counted]);
  return allowed ? count : null;
}

/** A navbar link with a live count beside it (unread conversations, unread notifications) for whom the permission allows. */
export function LiveCountLink(props: {
  to: string;
  permission: Permission;
  count: Counted;
  className: (state: { isActive: boolean }) => string | undefined;
  children: ReactNode;
  /** What the count means, for screen readers ("3 conversations unread"). */
  describe: (count: number) => string;
  testId: string;
}) {
  const { can } = useRole();
  const allowed = can(props.permission);
  const count = useLiveCount(props.permission, props.count);
  if (!allowed) return null;
  return (
    <li>
      <NavLink to={props.to} className={props.className}>
        {props.children}
        {count ? (
          <span className={styles.count} data-testid={props.testId}>
            <span aria-hidden="true">{formatNumber(count)}</span>
            <VisuallyHidden>{props.describe(count)}</VisuallyHidden>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

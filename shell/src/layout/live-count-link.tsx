import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useRole } from '@phonehaat/shared-auth';
import { CacheBoundary, loadLive, useApiQuery } from '@phonehaat/shared-data';
import type { Permission } from '@phonehaat/shared-api/permissions';
import { formatNumber, VisuallyHidden } from '@phonehaat/shared-ui';
import styles from './navbar.module.css';

/** Whether the first page has loaded: the live counts start then, never competing with it. */
function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => (timer = setTimeout(() => setLoaded(true), 0));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      clearTimeout(timer);
    };
  }, []);
  return loaded;
}

type Counted = 'unreadThreads' | 'unreadNotifications';

/** Keeps the person's live stream open while shown: its events read the counts again through the cache. */
function useLiveStream() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadLive().then((live) => {
      if (!cancelled) stop = live.subscribe(() => undefined);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}

/** The count, read through the cache (the inbox marking a conversation seen, or the stream, asks it again). */
function CountRead({ counted, children }: { counted: Counted; children: (count: number | null) => ReactNode }) {
  useLiveStream();
  const threads = useApiQuery('countUnreadThreads', undefined, { enabled: counted === 'unreadThreads' });
  const notifications = useApiQuery('countUnreadNotifications', undefined, { enabled: counted === 'unreadNotifications' });
  const count = counted === 'unreadThreads' ? threads.data?.threads : notifications.data?.count;
  return <>{children(count ?? null)}</>;
}

/**
 * A live count (unread conversations, unread notifications) for whom the permission allows, null until known (and
 * for anyone else): read after the page has loaded, kept live by the person's stream.
 */
export function LiveCount({ permission, counted, children }: { permission: Permission; counted: Counted; children: (count: number | null) => ReactNode }) {
  const { can } = useRole();
  const loaded = useAfterLoad();
  if (!can(permission) || !loaded) return <>{children(null)}</>;
  return (
    <CacheBoundary fallback={children(null)}>
      <CountRead counted={counted}>{children}</CountRead>
    </CacheBoundary>
  );
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
  if (!can(props.permission)) return null;
  return (
    <li>
      <NavLink to={props.to} className={props.className}>
        {props.children}
        <LiveCount permission={props.permission} counted={props.count}>
          {(count) =>
            count ? (
              <span className={styles.count} data-testid={props.testId}>
                <span aria-hidden="true">{formatNumber(count)}</span>
                <VisuallyHidden>{props.describe(count)}</VisuallyHidden>
              </span>
            ) : null
          }
        </LiveCount>
      </NavLink>
    </li>
  );
}

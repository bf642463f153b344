import { useEffect } from 'react';
import { NavLink, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { Notification, StreamEvent } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import {
  invalidateReads,
  loadLive,
  prefetchApi,
  prefetchApiPages,
  QueryView,
  updatePages,
  updateRead,
  useAction,
  useApiPages,
  useApiQuery,
  type ApiPagesOptions,
} from '@phonehaat/shared-data';
import { Button, Container, PageHeader, PageSpinner, TabNav } from '@phonehaat/shared-ui';
import { markRead } from '../features/notifications/api/notifications';
import { EmailSettings } from '../features/notifications/components/email-settings';
import { EmailAddressSettings } from '../features/notifications/components/email-address-settings';
import { PhoneSettings } from '../features/notifications/components/phone-settings';
import { PushSettings } from '../features/notifications/components/push-settings';
import { SavedSearches } from '../features/notifications/components/saved-searches';
import { NotificationList } from '../features/notifications/components/notification-list';
import styles from '../features/notifications/components/notification-list.module.css';
import { useT } from '../features/notifications/i18n';

/** The notifications, page by page: each page the ones before the last of the page above it. */
const NOTIFICATION_PAGES: ApiPagesOptions<'listNotifications', string> = {
  next: (page) => (page.hasMore ? page.items.at(-1)?._id : undefined),
  at: (before) => ({ query: { before } }),
};

/** Runs before the page shows: the newest notifications, the e-mail settings (`/settings`) or the saved searches (`/searches`), into the cache. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (params.section === 'settings') await prefetchApi('getEmailSettings');
  else if (params.section === 'searches') await prefetchApi('listSavedSearches');
  else await prefetchApiPages('listNotifications', undefined, NOTIFICATION_PAGES.at(undefined));
  return null;
}

/** The bell's count is read again (a notification read here). */
const bell = () => invalidateReads('countUnreadNotifications');

/** Each notification as `change` makes it, on every page read, and the newest page's unread count by `unread`. */
const changeItems = (change: (item: Notification) => Notification, unread: (count: number) => number) =>
  updatePages('listNotifications', undefined, (pages) => pages.map((page, i) => ({ ...page, items: page.items.map(change), unread: i === 0 ? unread(page.unread) : page.unread })));

/** `/notifications` and `/notifications/settings`: what happened, live, and which of it to get by e-mail. */
export default function NotificationsPage() {
  const t = useT();
  const section = useParams().section;
  return (
    <Container as="section">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <TabNav label={t('page.tabs')}>
        <NavLink to={paths.notifications()} end>
          {t('page.tabList')}
        </NavLink>
        <NavLink to={paths.savedSearches}>{t('page.tabSearches')}</NavLink>
        <NavLink to={paths.notificationSettings}>{t('page.tabSettings')}</NavLink>
      </TabNav>
      {section === 'settings' ? (
        <SettingsSection />
      ) : section === 'searches' ? (
        <SearchesSection />
      ) : (
        <ListSection />
      )}
    </Container>
  );
}

function ListSection() {
  const t = useT();
  const pages = useApiPages('listNotifications', undefined, NOTIFICATION_PAGES);

  // Live: a new notification goes on top as it happens.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onEvent = (event: StreamEvent) => {
      if (event.type !== 'notification') return;
      updatePages('listNotifications', undefined, (list) => {
        const [newest, ...older] = list;
        if (!newest || list.some((page) => page.items.some((item) => item._id === event.notification._id))) return list;
        return [{ ...newest, items: [event.notification, ...newest.items], unread: newest.unread + 1 }, ...older];
      });
    };
    void loadLive().then(({ subscribe }) => {
      if (!cancelled) stop = subscribe(onEvent);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const readOne = (notification: Notification) => {
    if (notification.read) return;
    changeItems((item) => (item._id === notification._id ? { ...item, read: true } : item), (unread) => Math.max(0, unread - 1));
    void markRead([notification._id]).then(bell, () => undefined);
  };
  const readingAll = useAction(() => markRead());
  const readAll = async () => {
    await readingAll.run();
    changeItems((item) => ({ ...item, read: true }), () => 0);
    bell();
  };

  const items = pages.data?.pages.flatMap((page) => page.items);
  const unread = pages.data?.pages[0]?.unread ?? 0;
  return (
    <QueryView query={{ ...pages, data: items }} loading={<PageSpinner label={t('page.loading')} />} isEmpty={(list) => list.length === 0} empty={{ title: t('page.emptyTitle'), message: t('page.empty') }}>
      {(list) => (
        <>
          {unread > 0 && (
            <div className={styles.actions}>
              <Button variant="secondary" size="sm" loading={readingAll.busy} onClick={() => void readAll().catch(() => undefined)}>
                {t('page.markAll')}
              </Button>
            </div>
          )}
          <NotificationList items={list} onOpen={readOne} />
          {pages.hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {t('page.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </QueryView>
  );
}

function SettingsSection() {
  const t = useT();
  const settings = useApiQuery('getEmailSettings');
  return (
    <QueryView query={settings} loading={<PageSpinner label={t('settings.loading')} />}>
      {(current) => (
        <>
          <PhoneSettings />
          <EmailAddressSettings />
          <PushSettings />
          <EmailSettings settings={current} onChange={(next) => updateRead('getEmailSettings', undefined, () => next)} />
        </>
      )}
    </QueryView>
  );
}

function SearchesSection() {
  const t = useT();
  const searches = useApiQuery('listSavedSearches');
  return (
    <QueryView query={searches} loading={<PageSpinner label={t('searches.loading')} />}>
      {(list) => <SavedSearches searches={list} onChange={(next) => updateRead('listSavedSearches', undefined, () => next)} />}
    </QueryView>
  );
}

import { useEffect, useState } from 'react';
import { NavLink, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { EmailSettings as Settings, Notification, NotificationPage, SavedSearch, StreamEvent } from '@phonehaat/shared-api';
import { loadLive, paths } from '@phonehaat/shared-auth';
import { settle, useApi, type ApiState } from '@phonehaat/shared-data';
import { Button, Container, EmptyState, ErrorState, PageHeader, PageSpinner, TabNav } from '@phonehaat/shared-ui';
import { getEmailSettings, getNotifications, markRead } from '../features/notifications/api/notifications';
import { getSavedSearches } from '../features/notifications/api/saved-searches';
import { EmailSettings } from '../features/notifications/components/email-settings';
import { EmailAddressSettings } from '../features/notifications/components/email-address-settings';
import { PhoneSettings } from '../features/notifications/components/phone-settings';
import { PushSettings } from '../features/notifications/components/push-settings';
import { SavedSearches } from '../features/notifications/components/saved-searches';
import { NotificationList } from '../features/notifications/components/notification-list';
import styles from '../features/notifications/components/notification-list.module.css';
import { useT } from '../features/notifications/i18n';

export interface NotificationsData {
  page: ApiState<NotificationPage> | null;
  settings: ApiState<Settings> | null;
  searches: ApiState<SavedSearch[]> | null;
}

/** Runs before the page shows: the newest notifications, the e-mail settings (`/settings`) or the saved searches (`/searches`). */
export async function loader({ params }: LoaderFunctionArgs): Promise<NotificationsData> {
  if (params.section === 'settings') return { page: null, settings: await settle(getEmailSettings()), searches: null };
  if (params.section === 'searches') return { page: null, settings: null, searches: await settle(getSavedSearches()) };
  return { page: await settle(getNotifications()), settings: null, searches: null };
}

const bell = () => loadLive().then(({ refreshNotifications }) => refreshNotifications());

/** `/notifications` and `/notifications/settings`: what happened, live, and which of it to get by e-mail. */
export default function NotificationsPage() {
  const t = useT();
  const data = useLoaderData() as NotificationsData | undefined;
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
        <SettingsSection settled={data?.settings ?? undefined} />
      ) : section === 'searches' ? (
        <SearchesSection settled={data?.searches ?? undefined} />
      ) : (
        <ListSection settled={data?.page ?? undefined} />
      )}
    </Container>
  );
}

function ListSection({ settled }: { settled: ApiState<NotificationPage> | undefined }) {
  const t = useT();
  const page = useApi(getNotifications, [], settled);
  const [loadingMore, setLoadingMore] = useState(false);

  // Live: a new notification goes on top as it happens.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onEvent = (event: StreamEvent) => {
      if (event.type !== 'notification') return;
      page.setData((current) =>
        current.items.some((item) => item._id === event.notification._id)
          ? current
          : { ...current, items: [event.notification, ...current.items], unread: current.unread + 1 },
      );
    };
    void loadLive().then(({ subscribe }) => {
      if (!cancelled) stop = subscribe(onEvent);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page.setData]);

  const readOne = (notification: Notification) => {
    if (notification.read) return;
    page.setData((current) => ({ ...current, items: current.items.map((item) => (item._id === notification._id ? { ...item, read: true } : item)), unread: Math.max(0, current.unread - 1) }));
    void markRead([notification._id]).then(bell, () => undefined);
  };
  const readAll = async () => {
    await markRead();
    page.setData((current) => ({ ...current, items: current.items.map((item) => ({ ...item, read: true })), unread: 0 }));
    void bell();
  };
  const older = async () => {
    if (page.status !== 'success') return;
    setLoadingMore(true);
    try {
      const next = await getNotifications(page.data.items.at(-1)?._id);
      page.setData((current) => ({ ...current, items: [...current.items, ...next.items.filter((item) => !current.items.some((known) => known._id === item._id))], hasMore: next.hasMore }));
    } finally {
      setLoadingMore(false);
    }
  };

  if (page.status === 'loading') return <PageSpinner label={t('page.loading')} />;
  if (page.status === 'error') return <ErrorState message={page.error.message} onRetry={page.reload} />;
  if (page.data.items.length === 0) return <EmptyState title={t('page.emptyTitle')} message={t('page.empty')} />;
  return (
    <>
      {page.data.unread > 0 && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={() => void readAll()}>
            {t('page.markAll')}
          </Button>
        </div>
      )}
      <NotificationList items={page.data.items} onOpen={readOne} />
      {page.data.hasMore && (
        <div className={styles.more}>
          <Button variant="secondary" loading={loadingMore} onClick={() => void older()}>
            {t('page.more')}
          </Button>
        </div>
      )}
    </>
  );
}

function SettingsSection({ settled }: { settled: ApiState<Settings> | undefined }) {
  const t = useT();
  const settings = useApi(getEmailSettings, [], settled);
  if (settings.status === 'loading') return <PageSpinner label={t('settings.loading')} />;
  if (settings.status === 'error') return <ErrorState message={settings.error.message} onRetry={settings.reload} />;
  return (
    <>
      <PhoneSettings />
      <EmailAddressSettings />
      <PushSettings />
      <EmailSettings settings={settings.data} onChange={(next) => settings.setData(() => next)} />
    </>
  );
}

function SearchesSection({ settled }: { settled: ApiState<SavedSearch[]> | undefined }) {
  const t = useT();
  const searches = useApi(getSavedSearches, [], settled);
  if (searches.status === 'loading') return <PageSpinner label={t('searches.loading')} />;
  if (searches.status === 'error') return <ErrorState message={searches.error.message} onRetry={searches.reload} />;
  return <SavedSearches searches={searches.data} onChange={(next) => searches.setData(() => next)} />;
}

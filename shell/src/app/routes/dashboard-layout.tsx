import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { pathWithoutLanguage } from '@phonehaat/shared-api/languages';
import { paths, useRole, useSession } from '@phonehaat/shared-auth';
import { Button, DocumentTitle, formatNumber, Spinner, useLanguage, VisuallyHidden } from '@phonehaat/shared-ui';
import { useRemotePages } from '../remote-pages-context';
import styles from './dashboard-layout.module.css';
import { useOpenReportCount } from './use-open-report-count';
import { useT } from './i18n';

/** The side menu: the live releases' pages that declare an entry, each shown only to the roles whose permission it
 * needs, in the remote list's order and each remote's own. */
const menuOf = (pages: ReturnType<typeof useRemotePages>) =>
  pages.flatMap((page) => (page.menu && page.permission ? [{ to: page.path, label: page.menu, permission: page.permission }] : []));

export function DashboardLayout() {
  const t = useT();
  const language = useLanguage();
  const { can, loading, unavailable, retry, role } = useRole();
  const name = useSession((s) => s.user?.name);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  // The dashboard's own address has nothing but the menu: on a phone it shows the menu itself, not a button for it.
  const atIndex = pathWithoutLanguage(location.pathname).replace(/\/$/, '') === paths.dashboard;
  const items = menuOf(useRemotePages()).filter((item) => can(item.permission));
  const openReports = useOpenReportCount(!loading && can('moderate:listing:any'), location.pathname);

  return (
    <div className={styles.layout}>
      {!atIndex && (
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="dashboard-menu" onClick={() => setOpen((v) => !v)}>
          {open ? t('dashboard.closeMenu') : t('dashboard.menu')}
        </button>
      )}
      <aside id="dashboard-menu" className={open || atIndex ? `${styles.drawer} ${styles.open}` : styles.drawer} aria-label={t('dashboard.aside')}>
        <p className={styles.who}>
          <span translate="no">{name}</span>
          {role && <span className={styles.role}>{t('dashboard.role', { role })}</span>}
        </p>
        {loading ? (
          <Spinner size="sm" label={t('dashboard.loadingMenu')} />
        ) : unavailable ? (
          <div role="alert" className={styles.menuError}>
            <p>{t('dashboard.menuFailed')}</p>
            <Button size="sm" variant="secondary" onClick={retry}>
              {t('dashboard.reloadMenu')}
            </Button>
          </div>
        ) : (
          <nav aria-label={t('dashboard.menu')}>
            <ul className={styles.menu}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}
                  >
                    {item.label[language]}
                    {item.to === paths.reports && openReports !== undefined && openReports > 0 && (
                      <>
                        {' '}
                        <span className={styles.badge}>
                          {formatNumber(openReports)}
                          <VisuallyHidden> {t('dashboard.open')}</VisuallyHidden>
                        </span>
                      </>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </aside>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

/** The dashboard's index page: its name and the way on (the menu beside it, or above it on a phone). */
export function DashboardIndex() {
  const t = useT();
  return (
    <>
      <DocumentTitle title={t('dashboard.title')} />
      <h1 className={styles.title}>{t('dashboard.title')}</h1>
      <p className={styles.choose}>{t('dashboard.choose')}</p>
    </>
  );
}

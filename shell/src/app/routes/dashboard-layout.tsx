import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import type { Permission } from '@phonehaat/shared-api/permissions';
import { pathWithoutLanguage } from '@phonehaat/shared-api/languages';
import { paths, useRole, useSession } from '@phonehaat/shared-auth';
import { Button, DocumentTitle, formatNumber, Spinner, VisuallyHidden } from '@phonehaat/shared-ui';
import styles from './dashboard-layout.module.css';
import { useOpenReportCount } from './use-open-report-count';
import { useT } from '../../i18n';

/** The side menu: each entry shows only to the roles whose permission it needs. */
const menu: { to: string; label: MenuLabel; permission: Permission }[] = [
  { to: paths.myOrders, label: 'menu.myOrders', permission: 'read:booking:own' },
  { to: paths.addProduct, label: 'menu.addProduct', permission: 'create:product' },
  { to: paths.myProducts, label: 'menu.myProducts', permission: 'read:product:own' },
  { to: paths.earnings, label: 'menu.earnings', permission: 'read:earnings:own' },
  { to: paths.allSellers, label: 'menu.allSellers', permission: 'read:user:any' },
  { to: paths.allBuyers, label: 'menu.allBuyers', permission: 'read:user:any' },
  { to: paths.reports, label: 'menu.reports', permission: 'moderate:listing:any' },
  { to: paths.disputes, label: 'menu.disputes', permission: 'decide:dispute:any' },
  { to: paths.money, label: 'menu.money', permission: 'read:money:any' },
  { to: paths.activity, label: 'menu.activity', permission: 'read:audit:any' },
  { to: paths.blockedPhones, label: 'menu.blockedPhones', permission: 'manage:imei-blocklist:any' },
  { to: paths.releases, label: 'menu.releases', permission: 'read:rum:any' },
];
type MenuLabel = 'menu.myOrders' | 'menu.addProduct' | 'menu.myProducts' | 'menu.earnings' | 'menu.disputes' | 'menu.money' | 'menu.allSellers' | 'menu.allBuyers' | 'menu.reports' | 'menu.activity' | 'menu.blockedPhones' | 'menu.releases';

export function DashboardLayout() {
  const t = useT();
  const { can, loading, unavailable, retry, role } = useRole();
  const name = useSession((s) => s.user?.name);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  // The dashboard's own address has nothing but the menu: on a phone it shows the menu itself, not a button for it.
  const atIndex = pathWithoutLanguage(location.pathname).replace(/\/$/, '') === paths.dashboard;
  const items = menu.filter((item) => can(item.permission));
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
                    {t(item.label)}
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

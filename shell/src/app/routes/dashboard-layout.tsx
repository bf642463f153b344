import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import type { Permission } from '@phonehaat/shared-api/permissions';
import { paths, useRole, useSession } from '@phonehaat/shared-auth';
import { Button, DocumentTitle, Spinner, VisuallyHidden } from '@phonehaat/shared-ui';
import styles from './dashboard-layout.module.css';
import { useOpenReportCount } from './use-open-report-count';

/** The side menu: each entry shows only to the roles whose permission it needs. */
const menu: { to: string; label: string; permission: Permission }[] = [
  { to: paths.myOrders, label: 'My Orders', permission: 'read:booking:own' },
  { to: paths.addProduct, label: 'Add a product', permission: 'create:product' },
  { to: paths.myProducts, label: 'My Product', permission: 'read:product:own' },
  { to: paths.allSellers, label: 'All Sellers', permission: 'read:user:any' },
  { to: paths.allBuyers, label: 'All Buyers', permission: 'read:user:any' },
  { to: paths.reports, label: 'Reports', permission: 'moderate:listing:any' },
  { to: paths.activity, label: 'Activity', permission: 'read:audit:any' },
];

export function DashboardLayout() {
  const { can, loading, unavailable, retry, role } = useRole();
  const name = useSession((s) => s.user?.name);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const items = menu.filter((item) => can(item.permission));
  const openReports = useOpenReportCount(!loading && can('moderate:listing:any'), location.pathname);

  return (
    <div className={styles.layout}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="dashboard-menu" onClick={() => setOpen((v) => !v)}>
        {open ? 'Close menu' : 'Dashboard menu'}
      </button>
      <aside id="dashboard-menu" className={open ? `${styles.drawer} ${styles.open}` : styles.drawer} aria-label="Dashboard">
        <p className={styles.who}>
          {name}
          {role && <span className={styles.role}>{role === 'admin' ? 'Admin' : role}</span>}
        </p>
        {loading ? (
          <Spinner size="sm" label="Loading your menu" />
        ) : unavailable ? (
          <div role="alert" className={styles.menuError}>
            <p>Your menu could not be loaded.</p>
            <Button size="sm" variant="secondary" onClick={retry}>
              Reload menu
            </Button>
          </div>
        ) : (
          <nav aria-label="Dashboard menu">
            <ul className={styles.menu}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) => (isActive ? `${styles.item} ${styles.active}` : styles.item)}
                  >
                    {item.label}
                    {item.to === paths.reports && openReports !== undefined && openReports > 0 && (
                      <>
                        {' '}
                        <span className={styles.badge}>
                          {openReports}
                          <VisuallyHidden> open</VisuallyHidden>
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

/** The dashboard's index page is empty by design: the drawer is the way in. */
export function DashboardIndex() {
  return (
    <>
      <DocumentTitle title="Dashboard" />
      <VisuallyHidden as="h1">Dashboard</VisuallyHidden>
    </>
  );
}

import { Link, useLoaderData } from 'react-router-dom';
import type { Booking } from '@phonehaat/shared-api';
import { currentUser, paths, useSession } from '@phonehaat/shared-auth';
import { settle, type ApiState } from '@phonehaat/shared-data';
import { EmptyState, ErrorState, PageHeader, Skeleton, buttonClass } from '@phonehaat/shared-ui';
import { getMyOrders, useMyOrders } from '../features/orders/api/get-my-orders';
import { OrderList } from '../features/orders/components/order-list';
import styles from './my-orders-page.module.css';
import { useT } from '../i18n';

export interface MyOrdersData {
  orders: ApiState<Booking[]>;
}

/** Runs before the page shows (the shell's route, or a server composing it): the orders, so the page shows whole. */
export async function loader(): Promise<MyOrdersData> {
  return { orders: await settle(getMyOrders(currentUser()?.email ?? '')) };
}

/** `/dashboard/myorders`: the buyer's bookings; unpaid ones can be paid, paid ones say so. */
export default function MyOrdersPage() {
  const t = useT();
  const email = useSession((s) => s.user?.email ?? '');
  // Undefined where no loader ran (a host that renders the page without one): the page then loads them itself.
  const data = useLoaderData() as MyOrdersData | undefined;
  const orders = useMyOrders(email, data?.orders);
  return (
    <section>
      <PageHeader title={t('orders.title')} subtitle={t('orders.subtitle')} />
      {orders.status === 'loading' && (
        <div className={styles.loading} role="status" aria-busy="true" aria-label={t('orders.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius="var(--ph-radius-lg)" />
          ))}
        </div>
      )}
      {orders.status === 'error' && <ErrorState message={orders.error.message} onRetry={orders.reload} />}
      {orders.status === 'success' && orders.data.length === 0 && (
        <EmptyState
          title={t('orders.emptyTitle')}
          message={t('orders.empty')}
          action={
            <Link className={buttonClass('primary')} to={paths.home}>
              {t('orders.browse')}
            </Link>
          }
        />
      )}
      {orders.status === 'success' && orders.data.length > 0 && <OrderList orders={orders.data} onChanged={orders.reload} onOrderChanged={(fresh) => orders.setData((list) => list.map((order) => (order._id === fresh._id ? fresh : order)))} />}
    </section>
  );
}

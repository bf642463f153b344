import { Link } from 'react-router-dom';
import { currentUser, paths, useSession } from '@phonehaat/shared-auth';
import { prefetchApi, QueryView, useApiQuery } from '@phonehaat/shared-data';
import { PageHeader, Skeleton, buttonClass } from '@phonehaat/shared-ui';
import { myOrders } from '../features/orders/api/get-my-orders';
import { OrderList } from '../features/orders/components/order-list';
import styles from './my-orders-page.module.css';
import { useT } from '../i18n';

/** Runs before the page shows (the shell's route, or a server composing it): the orders, into the cache, so the page shows whole. */
export async function loader() {
  await prefetchApi('listMyBookings', myOrders(currentUser()?.email ?? ''));
  return null;
}

/** `/dashboard/myorders`: the buyer's bookings; unpaid ones can be paid, paid ones say so. */
export default function MyOrdersPage() {
  const t = useT();
  const email = useSession((s) => s.user?.email ?? '');
  const orders = useApiQuery('listMyBookings', myOrders(email));
  return (
    <section>
      <PageHeader title={t('orders.title')} subtitle={t('orders.subtitle')} />
      <QueryView
        query={orders}
        loading={
          <div className={styles.loading} role="status" aria-busy="true" aria-label={t('orders.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={96} radius="var(--ph-radius-lg)" />
            ))}
          </div>
        }
        isEmpty={(list) => list.length === 0}
        empty={{
          title: t('orders.emptyTitle'),
          message: t('orders.empty'),
          action: (
            <Link className={buttonClass('primary')} to={paths.home}>
              {t('orders.browse')}
            </Link>
          ),
        }}
      >
        {(list) => <OrderList orders={list} />}
      </QueryView>
    </section>
  );
}

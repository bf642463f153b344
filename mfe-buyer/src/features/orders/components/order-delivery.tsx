import type { Booking } from '@phonehaat/shared-api';
import { useDelivery } from '@phonehaat/shared-auth';
import { ErrorState, ParcelTimeline, Skeleton } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './order-list.module.css';

/** A courier order's address and parcel, live (issue 45), with what to check at the door. */
export function OrderDelivery({ booking }: { booking: Booking }) {
  const t = useT();
  const delivery = useDelivery(booking._id, booking.productId);
  return (
    <section className={styles.delivery} aria-label={t('orders.delivery', { name: booking.name })}>
      {delivery.status === 'loading' && <Skeleton height={64} />}
      {delivery.status === 'error' && <ErrorState message={delivery.error.message} onRetry={delivery.reload} />}
      {delivery.status === 'success' && <ParcelTimeline delivery={delivery.data} />}
      {delivery.status === 'success' && delivery.data.parcel?.status === 'out-for-delivery' && <p className={styles.meta}>{t('orders.atTheDoor')}</p>}
    </section>
  );
}

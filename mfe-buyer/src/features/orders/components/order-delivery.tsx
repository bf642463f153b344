import { useEffect, useRef } from 'react';
import type { Booking } from '@phonehaat/shared-api';
import { QueryView, useDelivery } from '@phonehaat/shared-data';
import { ParcelTimeline, Skeleton } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './order-list.module.css';

/**
 * A courier order's address and parcel, live (issue 45), with what to check at the door. `onStep`: the parcel moved
 * while the page was open (its order's state and held money may have changed with it).
 */
export function OrderDelivery({ booking, onStep }: { booking: Booking; onStep?(): void }) {
  const t = useT();
  const delivery = useDelivery(booking._id, booking.productId);
  const status = delivery.data ? (delivery.data.parcel?.status ?? 'none') : undefined;
  const seen = useRef(status);
  const latest = useRef(onStep);
  latest.current = onStep;
  useEffect(() => {
    if (status === undefined) return;
    if (seen.current !== undefined && seen.current !== status) latest.current?.();
    seen.current = status;
  }, [status]);
  return (
    <section className={styles.delivery} aria-label={t('orders.delivery', { name: booking.name })}>
      <QueryView query={delivery} loading={<Skeleton height={64} />}>
        {(shown) => (
          <>
            <ParcelTimeline delivery={shown} side="buyer" />
            {shown.parcel?.status === 'out-for-delivery' && <p className={styles.meta}>{t.rich('orders.atTheDoor', { code: <code translate="no">*#06#</code> })}</p>}
          </>
        )}
      </QueryView>
    </section>
  );
}

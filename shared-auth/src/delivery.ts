import { useEffect } from 'react';
import type { Delivery } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';
import { useApi } from '@phonehaat/shared-data';

/**
 * A courier booking's delivery (issue 45), for its buyer and its seller alike, kept live: each step the courier reports
 * reaches both sides as a notification on the live stream, and the delivery is read again then (without a loading state).
 */
export function useDelivery(bookingId: string, productId: string) {
  const delivery = useApi(() => api.getDelivery({ params: { id: bookingId } }), [bookingId]);
  const { setData } = delivery;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./live').then(({ subscribe }) => {
      if (cancelled) return;
      stop = subscribe((event) => {
        if (event.type !== 'notification' || event.notification.kind !== 'parcel' || event.notification.params.productId !== productId) return;
        api.getDelivery({ params: { id: bookingId } }).then(
          (fresh: Delivery) => setData(() => fresh),
          () => undefined,
        );
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [bookingId, productId, setData]);
  return delivery;
}

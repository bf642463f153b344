import { useEffect } from 'react';
import { invalidateReads, useApiQuery } from '../query/public';

/**
 * A courier booking's delivery (issue 45), for its buyer and its seller alike, read through the cache and kept live:
 * each step the courier reports reaches both sides as a notification on the live stream, and the delivery is read
 * again then (the timeline stays while it is). `onStep` hears that the parcel moved (an order's own state may have
 * moved with it).
 */
export function useDelivery(bookingId: string, productId: string) {
  const input = { params: { id: bookingId } };
  const delivery = useApiQuery('getDelivery', input);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./stream').then(({ subscribe }) => {
      if (cancelled) return;
      stop = subscribe((event) => {
        if (event.type !== 'notification' || event.notification.kind !== 'parcel' || event.notification.params.productId !== productId) return;
        invalidateReads('getDelivery', input);
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the input is made of bookingId
  }, [bookingId, productId]);
  return delivery;
}

import type { ListingBooking } from '@phonehaat/shared-api';
import { useDelivery } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, ErrorState, NeirSteps, notify, ParcelTimeline, Skeleton } from '@phonehaat/shared-ui';
import { sendParcel } from '../api/send-parcel';
import { useT } from '../../../i18n';
import styles from './listing-bookings-dialog.module.css';

/**
 * A courier booking on the seller's side (issue 45): where it goes and, once the buyer has paid online or chose to pay at
 * the door, "Send with the courier"; then the parcel's steps, live.
 */
export function BookingParcel({ booking, productId, onSent }: { booking: ListingBooking; productId: string; onSent(): void }) {
  const t = useT();
  const delivery = useDelivery(booking._id, productId);
  const sending = useAction(sendParcel);
  if (delivery.status === 'loading') return <Skeleton height={64} />;
  if (delivery.status === 'error') return <ErrorState message={delivery.error.message} onRetry={delivery.reload} />;
  // Cash on delivery waits for a delivery fee the buyer pays online first (refused at the door too often).
  const feeDue = Boolean(booking.delivery?.feeFirst && !booking.delivery.feePaid);
  const ready = !delivery.data.parcel && !booking.cancelled && (booking.paid || (delivery.data.cashOnDelivery && !feeDue));

  const send = async () => {
    try {
      const sent = await sending.run(booking._id);
      delivery.setData(() => sent);
      notify.success(t('parcel.sent', { id: sent.parcel?.consignmentId ?? '' }));
      onSent();
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('parcel.sendFailed'));
    }
  };

  return (
    <div className={styles.parcel}>
      <ParcelTimeline delivery={delivery.data} side="seller" />
      {ready && (
        <>
          <NeirSteps role="seller" />
          <Button size="sm" loading={sending.busy} disabled={sending.busy} onClick={() => void send()} aria-label={t('parcel.sendLabel', { name: booking.buyerName })}>
            {t('parcel.send')}
          </Button>
        </>
      )}
      {!ready && !delivery.data.parcel && !booking.paid && !booking.cancelled && (
        <p className={styles.muted}>{t(delivery.data.cashOnDelivery ? 'parcel.waitForFee' : 'parcel.waitForPayment')}</p>
      )}
    </div>
  );
}

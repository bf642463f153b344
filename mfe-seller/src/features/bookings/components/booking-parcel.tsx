import type { Delivery, ListingBooking } from '@phonehaat/shared-api';
import { ApiRequestError, QueryView, updateRead, useAction, useDelivery } from '@phonehaat/shared-data';
import { Button, NeirSteps, notify, ParcelTimeline, Skeleton } from '@phonehaat/shared-ui';
import { sendParcel } from '../api/send-parcel';
import { useT } from '../../../i18n';
import styles from './listing-bookings-dialog.module.css';
import { DeregisterStep } from './deregister-step';

/**
 * A courier booking on the seller's side (issue 45): where it goes and, once the buyer has paid online or chose to pay at
 * the door, "Send with the courier"; then the parcel's steps, live.
 */
export function BookingParcel({ booking, productId }: { booking: ListingBooking; productId: string }) {
  const delivery = useDelivery(booking._id, productId);
  // Sent: the booking's list shows it; the delivery is the answer itself.
  const sending = useAction(sendParcel, { invalidates: ['listListingBookings'] });
  return (
    <QueryView query={delivery} loading={<Skeleton height={64} />}>
      {(shown) => <ParcelPart booking={booking} delivery={shown} busy={sending.busy} send={() => sending.run(booking._id)} />}
    </QueryView>
  );
}

function ParcelPart({ booking, delivery, busy, send: sendNow }: { booking: ListingBooking; delivery: Delivery; busy: boolean; send(): Promise<Delivery> }) {
  const t = useT();
  // Cash on delivery waits for a delivery fee the buyer pays online first (refused at the door too often).
  const feeDue = Boolean(booking.delivery?.feeFirst && !booking.delivery.feePaid);
  const ready = !delivery.parcel && !booking.cancelled && (booking.paid || (delivery.cashOnDelivery && !feeDue));

  const send = async () => {
    try {
      const sent = await sendNow();
      updateRead('getDelivery', { params: { id: booking._id } }, () => sent);
      notify.success(t('parcel.sent', { id: sent.parcel?.consignmentId ?? '' }));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('parcel.sendFailed'));
    }
  };

  return (
    <div className={styles.parcel}>
      <ParcelTimeline delivery={delivery} side="seller" />
      {ready && (
        <>
          <NeirSteps role="seller" />
          <DeregisterStep booking={booking} />
          <Button size="sm" loading={busy} disabled={busy} onClick={() => void send()} aria-label={t('parcel.sendLabel', { name: booking.buyerName })}>
            {t('parcel.send')}
          </Button>
        </>
      )}
      {!ready && !delivery.parcel && !booking.paid && !booking.cancelled && (
        <p className={styles.muted}>{t(delivery.cashOnDelivery ? 'parcel.waitForFee' : 'parcel.waitForPayment')}</p>
      )}
    </div>
  );
}

import type { ListingBooking } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatDate, notify } from '@phonehaat/shared-ui';
import { recordDeregistration } from '../api/deregister';
import { useT } from '../../../i18n';
import styles from './listing-bookings-dialog.module.css';

/**
 * NEIR at the handover, done and recorded (issue 68): the seller de-registers the phone from their NID (*16161#, or
 * neir.btrc.gov.bd) before it leaves, and says so here; it is kept with the sale, for the buyer and, in a dispute, the admin.
 */
export function DeregisterStep({ booking }: { booking: ListingBooking }) {
  const t = useT();
  const recording = useAction(recordDeregistration, { invalidates: ['listListingBookings'] });
  const done = booking.neir?.seller;
  if (done) return <p className={styles.muted}>{t('neir.deregistered', { date: formatDate(done.at, { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }) })}</p>;
  const record = async () => {
    try {
      await recording.run(booking._id);
      notify.success(t('neir.recorded'));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('neir.failed'));
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={recording.busy} onClick={() => void record()} aria-label={t('neir.deregisterLabel', { name: booking.buyerName })}>
      {t('neir.deregister')}
    </Button>
  );
}

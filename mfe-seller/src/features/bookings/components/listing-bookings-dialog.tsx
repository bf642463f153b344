import type { ListingBooking, SellerListing } from '@phonehaat/shared-api';
import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { buttonClass, EmptyState, ErrorState, formatDate, formatPhoneNumber, formatTaka, Modal, Skeleton, UserText } from '@phonehaat/shared-ui';
import { useListingBookings } from '../api/get-listing-bookings';
import { BookingParcel } from './booking-parcel';
import { HandoverForm } from './handover-form';
import styles from './listing-bookings-dialog.module.css';
import { useT } from '../../../i18n';

const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

function BookingItem({ booking, productId, onChanged }: { booking: ListingBooking; productId: string; onChanged(): void }) {
  const t = useT();
  return (
    <li className={booking.paid ? styles.paid : styles.booking} data-testid="listing-booking">
      {booking.paid && booking.amount !== null && booking.paidAt && (
        <p className={styles.sold}>
          {t.rich('bookings.sold', { buyer: <UserText>{booking.buyerName}</UserText>, amount: formatTaka(booking.amount), date: day(booking.paidAt), place: <UserText>{booking.meetingLocation}</UserText> })}
        </p>
      )}
      <p className={styles.name} translate="no">
        {booking.buyerName} {booking.buyerEmail && <span className={styles.muted}>({booking.buyerEmail})</span>}
      </p>
      <dl className={styles.facts}>
        <dt>{t('bookings.price')}</dt>
        <dd>{t(booking.agreed ? 'bookings.priceAgreed' : 'bookings.priceAsked', { amount: formatTaka(booking.price) })}</dd>
        <dt>{t('bookings.phone')}</dt>
        <dd>
          {/* Dialled as typed; read in the page's digits. */}
          <a href={`tel:${booking.phone.replace(/[^+0-9]/g, '')}`} translate="no">
            {formatPhoneNumber(booking.phone)}
          </a>
        </dd>
        {!booking.delivery && (
          <>
            <dt>{t('bookings.meeting')}</dt>
            <dd translate="no">{booking.meetingLocation}</dd>
          </>
        )}
        <dt>{t('bookings.booked')}</dt>
        <dd>{day(booking.createdAt)}</dd>
        <dt>{t('bookings.payment')}</dt>
        <dd>{booking.paid ? t('bookings.paid') : booking.cancelled ? t('bookings.cancelled') : booking.delivery?.cashOnDelivery ? t('bookings.cashOnDelivery') : t('bookings.unpaid')}</dd>
      </dl>
      {booking.delivery && <BookingParcel booking={booking} productId={productId} onSent={onChanged} />}
      {booking.sale && <HandoverForm booking={booking} sale={booking.sale} onReleased={onChanged} />}
      <Link className={buttonClass('secondary', 'sm')} to={paths.messageAbout(productId, booking.buyerId)} aria-label={t('bookings.messageTo', { name: booking.buyerName })}>
        {t('bookings.message')}
      </Link>
    </li>
  );
}

/** My Product: who booked a phone, the paid booking first and highlighted, so a sale can be handed over. */
export function ListingBookingsDialog({ listing, onClose }: { listing: SellerListing; onClose(): void }) {
  const t = useT();
  const bookings = useListingBookings(listing._id);
  const ordered = bookings.status === 'success' ? [...bookings.data].sort((a, b) => Number(b.paid) - Number(a.paid)) : [];
  return (
    <Modal open onClose={onClose} title={t.rich('bookings.title', { name: <UserText>{listing.name}</UserText> })}>
      {bookings.status === 'loading' && <Skeleton height={120} />}
      {bookings.status === 'error' && <ErrorState message={bookings.error.message} onRetry={bookings.reload} />}
      {bookings.status === 'success' && ordered.length === 0 && <EmptyState title={t('bookings.emptyTitle')} message={t('bookings.empty')} />}
      {ordered.length > 0 && (
        <ul className={styles.list} aria-label={t('bookings.list')}>
          {ordered.map((booking) => (
            <BookingItem key={booking._id} booking={booking} productId={listing._id} onChanged={bookings.reload} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

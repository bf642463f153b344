import type { ListingBooking, SellerListing } from '@phonehaat/shared-api';
import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { QueryView, useApiQuery } from '@phonehaat/shared-data';
import { buttonClass, formatDate, formatPhoneNumber, formatTaka, Modal, Skeleton, UserText } from '@phonehaat/shared-ui';
import { BookingParcel } from './booking-parcel';
import { HandoverForm } from './handover-form';
import styles from './listing-bookings-dialog.module.css';
import { useT } from '../../../i18n';

const day = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

function BookingItem({ booking, productId }: { booking: ListingBooking; productId: string }) {
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
      {booking.delivery && <BookingParcel booking={booking} productId={productId} />}
      {booking.sale && <HandoverForm booking={booking} sale={booking.sale} />}
      <Link className={buttonClass('secondary', 'sm')} to={paths.messageAbout(productId, booking.buyerId)} aria-label={t('bookings.messageTo', { name: booking.buyerName })}>
        {t('bookings.message')}
      </Link>
    </li>
  );
}

/** My Product: who booked a phone, the paid booking first and highlighted, so a sale can be handed over. */
export function ListingBookingsDialog({ listing, onClose }: { listing: SellerListing; onClose(): void }) {
  const t = useT();
  const bookings = useApiQuery('listListingBookings', { params: { id: listing._id } });
  return (
    <Modal open onClose={onClose} title={t.rich('bookings.title', { name: <UserText>{listing.name}</UserText> })}>
      <QueryView query={bookings} loading={<Skeleton height={120} />} isEmpty={(list) => list.length === 0} empty={{ title: t('bookings.emptyTitle'), message: t('bookings.empty') }}>
        {(list) => (
          <ul className={styles.list} aria-label={t('bookings.list')}>
            {/* The paid booking first and highlighted, so a sale can be handed over. */}
            {[...list]
              .sort((a, b) => Number(b.paid) - Number(a.paid))
              .map((booking) => (
                <BookingItem key={booking._id} booking={booking} productId={listing._id} />
              ))}
          </ul>
        )}
      </QueryView>
    </Modal>
  );
}

import type { ListingBooking, SellerListing } from '@phonehaat/shared-api';
import { EmptyState, ErrorState, Modal, Skeleton, formatTaka } from '@phonehaat/shared-ui';
import { useListingBookings } from '../api/get-listing-bookings';
import styles from './listing-bookings-dialog.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function BookingItem({ booking }: { booking: ListingBooking }) {
  return (
    <li className={booking.paid ? styles.paid : styles.booking} data-testid="listing-booking">
      {booking.paid && booking.amount !== null && booking.paidAt && (
        <p className={styles.sold}>
          Sold to {booking.buyerName}, paid {formatTaka(booking.amount)} on {day(booking.paidAt)}: meet at {booking.meetingLocation}
        </p>
      )}
      <p className={styles.name}>
        {booking.buyerName} <span className={styles.muted}>({booking.buyerEmail})</span>
      </p>
      <dl className={styles.facts}>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${booking.phone.replace(/[^+0-9]/g, '')}`}>{booking.phone}</a>
        </dd>
        <dt>Meeting at</dt>
        <dd>{booking.meetingLocation}</dd>
        <dt>Booked</dt>
        <dd>{day(booking.createdAt)}</dd>
        <dt>Payment</dt>
        <dd>{booking.paid ? 'Paid' : booking.cancelled ? 'Cancelled' : 'Not paid yet'}</dd>
      </dl>
    </li>
  );
}

/** My Product: who booked a phone, the paid booking first and highlighted, so a sale can be handed over. */
export function ListingBookingsDialog({ listing, onClose }: { listing: SellerListing; onClose(): void }) {
  const bookings = useListingBookings(listing._id);
  const ordered = bookings.status === 'success' ? [...bookings.data].sort((a, b) => Number(b.paid) - Number(a.paid)) : [];
  return (
    <Modal open onClose={onClose} title={`Bookings of ${listing.name}`}>
      {bookings.status === 'loading' && <Skeleton height={120} />}
      {bookings.status === 'error' && <ErrorState message={bookings.error.message} onRetry={bookings.reload} />}
      {bookings.status === 'success' && ordered.length === 0 && <EmptyState title="No bookings yet" message="Buyers who book this phone will show up here." />}
      {ordered.length > 0 && (
        <ul className={styles.list} aria-label="Bookings">
          {ordered.map((booking) => (
            <BookingItem key={booking._id} booking={booking} />
          ))}
        </ul>
      )}
    </Modal>
  );
}

import { Link } from 'react-router-dom';
import type { Booking } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { ItemList, ItemRow, Price, buttonClass } from '@phonehaat/shared-ui';
import styles from './order-list.module.css';

/** Each booking's state in words: the badge, and a sentence saying what happened. */
const STATES: Record<Booking['state'], { badge: string; note?: string }> = {
  waiting: { badge: 'Waiting for payment' },
  paid: { badge: 'Paid' },
  'sold-to-other': { badge: 'Sold to someone else', note: 'Another buyer paid for this phone first.' },
  removed: { badge: 'Removed by PhoneHaat', note: 'PhoneHaat removed this listing, so your booking is cancelled. You were not charged.' },
  withdrawn: { badge: 'No longer available', note: 'Its seller took this phone off PhoneHaat.' },
  refunded: { badge: 'Refunded', note: 'Another buyer paid first, so your payment was refunded to your card.' },
};

function Status({ booking }: { booking: Booking }) {
  if (booking.state === 'paid') return <span className={`${styles.badge} ${styles.paid}`}>Paid</span>;
  if (booking.state !== 'waiting' || !booking.available) return <span className={`${styles.badge} ${styles.gone}`}>{STATES[booking.state].badge}</span>;
  return (
    <Link className={buttonClass('primary', 'sm')} to={paths.payment(booking._id)} aria-label={`Pay for ${booking.name}`}>
      Pay
    </Link>
  );
}

export function OrderList({ orders }: { orders: Booking[] }) {
  return (
    <ItemList label="Your bookings">
      {orders.map((booking) => (
        <ItemRow key={booking._id} testId="order" img={booking.img} title={booking.name} actions={<Status booking={booking} />}>
          <Price amount={booking.resalePrice} />
          <p className={styles.meta}>Meeting at {booking.meetingLocation}</p>
          {booking.paid && booking.transactionId && <p className={styles.meta}>Transaction {booking.transactionId}</p>}
          {booking.state === 'waiting' && <p className={styles.meta}>Waiting for payment: pay by card to secure it.</p>}
          {STATES[booking.state].note && <p className={styles.meta}>{STATES[booking.state].note}</p>}
        </ItemRow>
      ))}
    </ItemList>
  );
}

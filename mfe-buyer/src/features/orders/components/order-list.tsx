import { Link } from 'react-router-dom';
import type { Booking } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { ItemList, ItemRow, Price, buttonClass } from '@phonehaat/shared-ui';
import styles from './order-list.module.css';

function Status({ booking }: { booking: Booking }) {
  if (booking.paid) return <span className={`${styles.badge} ${styles.paid}`}>Paid</span>;
  if (!booking.available) return <span className={`${styles.badge} ${styles.gone}`}>No longer available</span>;
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
          {!booking.paid && !booking.available && <p className={styles.meta}>This phone was sold to another buyer or removed by its seller.</p>}
        </ItemRow>
      ))}
    </ItemList>
  );
}

import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Booking } from '@phonehaat/shared-api';
import { feeDue } from '@phonehaat/shared-api/due';
import { paths } from '@phonehaat/shared-auth';
import { invalidateReads } from '@phonehaat/shared-data';
import { Button, ItemList, ItemRow, PhoneVerifiedMark, Price, UserText, buttonClass, formatPhoneNumber, formatTaka } from '@phonehaat/shared-ui';
import { RateDialog } from '../../reviews';
import { HeldMoney } from './held-money';
import { OrderDelivery } from './order-delivery';
import styles from './order-list.module.css';
import { useT } from '../../../i18n';

/** Each booking's state in words: the badge, and a sentence saying what happened. */
type Key = Parameters<ReturnType<typeof useT>>[0];
const STATES: Record<Booking['state'], { badge: Key; note?: Key }> = {
  waiting: { badge: 'state.waiting' },
  paid: { badge: 'state.paid' },
  'sold-to-other': { badge: 'state.soldToOther', note: 'state.soldToOtherNote' },
  removed: { badge: 'state.removed', note: 'state.removedNote' },
  withdrawn: { badge: 'state.withdrawn', note: 'state.withdrawnNote' },
  refunded: { badge: 'state.refunded', note: 'state.refundedNote' },
  'cash-on-delivery': { badge: 'state.cashOnDelivery' },
  returned: { badge: 'state.returned', note: 'state.returnedNote' },
};

function Status({ booking }: { booking: Booking }) {
  const t = useT();
  if (booking.state === 'paid') return <span className={`${styles.badge} ${styles.paid}`}>{t('state.paid')}</span>;
  if (booking.state === 'cash-on-delivery' && feeDue(booking))
    return (
      <Link className={buttonClass('primary', 'sm')} to={paths.payment(booking._id)} aria-label={t('orders.payFeeFor', { name: booking.name })}>
        {t('orders.payFee')}
      </Link>
    );
  if (booking.state === 'cash-on-delivery') return <span className={`${styles.badge} ${styles.gone}`}>{t('state.cashOnDelivery')}</span>;
  if (booking.state !== 'waiting' || !booking.available) return <span className={`${styles.badge} ${styles.gone}`}>{t(STATES[booking.state].badge)}</span>;
  return (
    <Link className={buttonClass('primary', 'sm')} to={paths.payment(booking._id)} aria-label={t('orders.payFor', { name: booking.name })}>
      {t('orders.pay')}
    </Link>
  );
}

/** A paid purchase: rate its seller, or the rating given (and a way to change it while it may be changed). */
function Rating({ booking, onRate }: { booking: Booking; onRate(): void }) {
  const t = useT();
  if (booking.state !== 'paid') return null;
  const { review } = booking;
  if (!review) {
    return (
      <Button size="sm" variant="secondary" onClick={onRate} aria-label={t('orders.rateLabel', { name: booking.name })}>
        {t('orders.rate')}
      </Button>
    );
  }
  return (
    <p className={styles.meta}>
      {t('orders.rated', { stars: review.stars })}{' '}
      {Date.parse(review.editableUntil) > Date.now() && (
        <Button size="sm" variant="secondary" onClick={onRate} aria-label={t('orders.changeReviewLabel', { name: booking.name })}>
          {t('orders.changeReview')}
        </Button>
      )}
    </p>
  );
}

/**
 * A payment's reference in words: cash a courier collected is kept as `<courier>:<consignment>` (issue 45), which reads
 * as an internal id; it is said as the courier's parcel (issue 65). Card and wallet ids are shown as the provider gave them.
 */
function transactionText(t: ReturnType<typeof useT>, id: string): ReactNode {
  const parcel = /^pathao:(.+)$/.exec(id);
  // The reference itself is a code, shown as given (never translated, its digits as the courier or provider wrote them).
  return parcel ? t.rich('orders.pathaoParcel', { id: <UserText>{parcel[1]!}</UserText> }) : t.rich('orders.transaction', { id: <UserText>{id}</UserText> });
}

/** Whom to call about the handover: the seller's verified number, or a listing's from before, said to be unverified (issue 46). */
function SellerLine({ seller }: { seller: Booking['seller'] }) {
  const t = useT();
  const phone = formatPhoneNumber(seller.phone);
  return (
    <p className={styles.meta}>
      {t('orders.seller')} <span translate="no">{seller.name}</span>,{' '}
      {/* The name says whom the number calls, and holds the number as shown (as people hear it read out). */}
      <a href={`tel:${seller.phone}`} aria-label={t('orders.call', { name: seller.name, phone })}>
        {phone}
      </a>{' '}
      {seller.phoneVerified ? <PhoneVerifiedMark /> : <span>{t('orders.phoneUnverified')}</span>}
    </p>
  );
}

/** The buyer's orders; what a change here or a parcel's step changes is read again through the cache. */
export function OrderList({ orders }: { orders: Booking[] }) {
  const t = useT();
  const [rating, setRating] = useState<Booking>();
  return (
    <>
      <ItemList label={t('orders.list')}>
        {orders.map((booking) => (
          <ItemRow key={booking._id} testId="order" img={booking.img} title={booking.name} actions={<Status booking={booking} />}>
            <p className={styles.price}>
              <Price amount={booking.resalePrice} />
              {booking.agreed && <span className={styles.agreed}>{t('orders.agreed')}</span>}
            </p>
            {!booking.delivery && (
              <p className={styles.meta}>
                {t('orders.meeting')} <span translate="no">{booking.meetingLocation}</span>
              </p>
            )}
            <SellerLine seller={booking.seller} />
            {booking.paid && booking.paymentMethod && <p className={styles.meta}>{t('orders.paidWith', { method: t(`method.${booking.paymentMethod}`) })}</p>}
            {booking.paid && booking.transactionId && <p className={styles.meta}>{transactionText(t, booking.transactionId)}</p>}
            {booking.state === 'waiting' && <p className={styles.meta}>{t('orders.waitingNote')}</p>}
            {booking.state === 'cash-on-delivery' && booking.delivery?.feeFirst && (
              <p className={styles.meta}>
                {t(booking.delivery.feePaid ? 'orders.feePaid' : 'orders.feeDue', { fee: formatTaka(booking.delivery.deliveryFee), price: formatTaka(booking.resalePrice) })}
              </p>
            )}
            {/* A refund after a dispute says its own reason (HeldMoney); the note is for a race's refund. */}
            {booking.state === 'returned' && booking.held?.refundedAt && <p className={styles.meta}>{t('state.returnedRefundedNote')}</p>}
            {STATES[booking.state].note && !booking.held?.refundedAt && <p className={styles.meta}>{t(STATES[booking.state].note!)}</p>}
            {booking.delivery && (
              // The parcel moved: its order's state and held money may have moved with it.
              <OrderDelivery booking={booking} onStep={() => invalidateReads('listMyBookings')} />
            )}
            <HeldMoney booking={booking} />
            <Rating booking={booking} onRate={() => setRating(booking)} />
            <p className={styles.meta}>
              <Link to={paths.messageAbout(booking.productId)} aria-label={t('orders.messageAbout', { name: booking.name })}>
                {t('orders.message')}
              </Link>
            </p>
          </ItemRow>
        ))}
      </ItemList>
      {rating && (
        <RateDialog
          booking={rating}
          onClose={() => setRating(undefined)}
          onSaved={() => setRating(undefined)}
        />
      )}
    </>
  );
}

import type { Delivery, ParcelStatus } from '@phonehaat/shared-api';
import { districtOf } from '@phonehaat/shared-api/geography';
import { placeName } from '../address-fields/address';
import { formatDate, formatTaka } from '../i18n/format';
import { useT } from '../delivery/i18n';
import { UserText } from '../user-text/user-text';
import styles from './parcel-timeline.module.css';

/** The steps a parcel that arrives goes through, in order (a refused one ends `returned` instead). */
const ARRIVING: ParcelStatus[] = ['booked', 'picked-up', 'in-transit', 'out-for-delivery', 'delivered'];

/**
 * A courier booking as its buyer and its seller see it (issue 45): where it goes, what the rider collects, and the
 * parcel's steps — each one reached with its time, the ones to come greyed.
 */
export function ParcelTimeline({ delivery, side }: { delivery: Delivery; side: 'buyer' | 'seller' }) {
  const t = useT();
  const { address, parcel } = delivery;
  const district = districtOf(address.district);
  const reached = new Map(parcel?.events.map((event) => [event.status, event.at]));
  const steps = parcel && (parcel.status === 'returning' || parcel.status === 'returned') ? parcel.events.map((event) => event.status) : ARRIVING;
  return (
    <div className={styles.timeline}>
      <p className={styles.to}>
        {t.rich('parcel.to', { name: <UserText>{address.name}</UserText>, place: <UserText>{`${address.street}, ${address.area}, ${district ? placeName(district) : address.district}`}</UserText> })}
      </p>
      <p className={styles.meta}>
        {/* The amount the courier is (or will be) asked to collect, in words for the reader's side (issue 65). */}
        {delivery.cashOnDelivery ? t(parcel ? 'parcel.collects' : `parcel.cashAtDoor.${side}`, { amount: formatTaka(delivery.cashToCollect) }) : t('parcel.prepaid')}
        {parcel && <> · {t.rich('parcel.consignment', { id: <UserText>{parcel.consignmentId}</UserText> })}</>}
      </p>
      {!parcel && <p className={styles.meta}>{t(`parcel.notSent.${side}`)}</p>}
      {parcel && (
        <ol className={styles.steps} aria-label={t('parcel.steps')}>
          {steps.map((status) => {
            const at = reached.get(status);
            return (
              <li key={status} className={at ? (status === parcel.status ? styles.current : styles.done) : styles.todo} aria-current={status === parcel.status ? 'step' : undefined}>
                <span>{t(`parcel.status.${status}`)}</span>
                {at && <time dateTime={at}>{formatDate(at, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })}</time>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

import { useApiQuery } from '@phonehaat/shared-data';
import { PickupAddressForm } from './pickup-address-form';
import { useT } from '../../../i18n';
import styles from './pickup.module.css';

/** My Product's pickup address: with one, buyers anywhere may have the seller's phones sent by courier (issue 45). */
export function PickupSection() {
  const t = useT();
  const pickup = useApiQuery('getPickupAddress');
  // Shown once known: a seller who has none is asked after listing (Add a product); a failure hides it, as before.
  if (pickup.data === undefined) return null;
  return (
    <section className={styles.section} aria-labelledby="pickup-heading">
      <h2 id="pickup-heading">{t('pickup.title')}</h2>
      <PickupAddressForm pickup={pickup.data} />
    </section>
  );
}

import { Button, Outcome } from '@phonehaat/shared-ui';
import { PickupAddressForm } from './pickup-address-form';
import { useT } from '../../../i18n';
import styles from './pickup.module.css';

/**
 * Just listed, without a pickup address (issue 65): the seller is asked, once, whether the courier may collect their
 * phones, with the address form, or to skip (their phones are then met in person only, which buyers are told before
 * they type an address). Either way they go on to their listings.
 */
export function CourierPrompt({ onDone }: { onDone(): void }) {
  const t = useT();
  return (
    <section className={styles.section} aria-labelledby="courier-prompt-heading" data-testid="courier-prompt">
      <Outcome>
        <h2 id="courier-prompt-heading">{t('courierPrompt.title')}</h2>
        <p className={styles.sub}>{t('courierPrompt.text')}</p>
      </Outcome>
      <PickupAddressForm pickup={null} onSaved={onDone} />
      <Button variant="secondary" size="sm" className={styles.skip} onClick={onDone}>
        {t('courierPrompt.skip')}
      </Button>
    </section>
  );
}

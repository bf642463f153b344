import type { PaymentMethodId } from '@phonehaat/shared-api';
import { useT } from '../../../i18n';
import styles from './method-chooser.module.css';

/** "How would you like to pay?": one radio per way to pay, in the server's order. */
export function MethodChooser({ methods, value, onChange }: { methods: PaymentMethodId[]; value: PaymentMethodId; onChange(method: PaymentMethodId): void }) {
  const t = useT();
  return (
    <fieldset className={styles.chooser}>
      <legend className={styles.legend}>{t('method.legend')}</legend>
      {methods.map((method) => (
        <label key={method} className={styles.option} data-method={method}>
          <input type="radio" name="payment-method" value={method} checked={value === method} onChange={() => onChange(method)} />
          <span className={styles.name}>{t(`method.${method}`)}</span>
          <span className={styles.hint}>{t(`method.${method}Hint`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

import { TextField } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './product-form.module.css';

interface OfferTermsFieldsProps {
  open: boolean;
  onOpen(open: boolean): void;
  /** The lowest price the seller takes, as typed (Bangla digits too); empty for none. */
  lowest: string;
  onLowest(lowest: string): void;
  error?: string | undefined;
}

/** Bargaining (issue 47): "Open to offers", and the lowest price the seller takes, never shown to buyers. */
export function OfferTermsFields({ open, onOpen, lowest, onLowest, error }: OfferTermsFieldsProps) {
  const t = useT();
  return (
    <fieldset className={styles.offers}>
      <legend>{t('offers.legend')}</legend>
      <label className={styles.check}>
        <input type="checkbox" name="openToOffers" checked={open} onChange={(event) => onOpen(event.target.checked)} /> {t('offers.open')}
      </label>
      {open && <TextField label={t('offers.lowest')} name="lowestOffer" inputMode="numeric" value={lowest} onChange={(event) => onLowest(event.target.value)} hint={t('offers.lowestHint')} error={error} />}
    </fieldset>
  );
}

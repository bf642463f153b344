import { formatPercent, formatTakaExact } from '@phonehaat/shared-ui';
import { useApiQuery } from '@phonehaat/shared-data';
import { useT } from '../../../i18n';
import styles from './product-form.module.css';

/** Poisha-exact, as the API fixes the fee: a percentage of the price, rounded down to the poisha. */
const receives = (price: number, percent: number) => (price * 100 - Math.floor((price * 100 * Math.round(percent * 100)) / 10_000)) / 100;

/** "You will receive Tk 12,250 after PhoneHaat's fee of 2%" under the price in Add a product (issue 33). */
export function YouReceive({ price }: { price: number | undefined }) {
  const t = useT();
  const fee = useApiQuery('getMyFee');
  if (fee.data === undefined || !price || price <= 0) return null;
  const { percent, lowerFeeSalesLeft } = fee.data;
  return (
    <p className={styles.receive} aria-live="polite" data-testid="you-receive">
      {t('fee.receive', { amount: formatTakaExact(receives(price, percent)), percent: formatPercent(percent) })}
      {lowerFeeSalesLeft > 0 && ` ${t('fee.newSeller', { count: lowerFeeSalesLeft })}`}
    </p>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { updateRead, useApiQuery } from '@phonehaat/shared-data';
import { PayoutWalletForm } from './payout-wallet-form';
import { useT } from '../../../i18n';
import styles from './earnings.module.css';

/** My Product's payout wallet: where sold phones' money goes, and a way to the Earnings page. */
export function PayoutWalletSection() {
  const t = useT();
  const wallet = useApiQuery('getPayoutWallet');
  if (wallet.data === undefined) return null;
  return (
    <section className={styles.section} aria-labelledby="payout-wallet-heading">
      <h2 id="payout-wallet-heading">{t('wallet.title')}</h2>
      <PayoutWalletForm wallet={wallet.data} onSaved={(saved) => updateRead('getPayoutWallet', undefined, () => saved)} />
      <p className={styles.sub}>
        <Link to={paths.earnings}>{t('wallet.seeEarnings')}</Link>
      </p>
    </section>
  );
}

import type { WalletMethodId, WalletPaymentResult } from '@phonehaat/shared-api';
import { Button } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './wallet-outcome.module.css';

/** How a wallet payment the buyer came back from ended, when it did not end paid. */
export type WalletReturn = { method: WalletMethodId; result: Exclude<WalletPaymentResult, { outcome: 'paid' }> | { outcome: 'error'; message: string } };

/**
 * Why the payment did not go through (and that the booking can still be paid), that the provider has yet to answer,
 * that PhoneHaat is checking it (SSLCommerz marked it risky), or that it was checked and given back in full.
 */
export function WalletOutcome({ returned, onCheckAgain, checking }: { returned: WalletReturn; onCheckAgain(): void; checking: boolean }) {
  const t = useT();
  const { result, method } = returned;
  const name = t(`provider.${method}`);
  // Checked by PhoneHaat: waiting for its decision, or given back in full.
  if (result.outcome === 'review' || result.outcome === 'refunded') {
    return (
      <div className={styles.pending} role="status">
        <p className={styles.title}>{t(`wallet.${result.outcome}Title`)}</p>
        <p>{t(`wallet.${result.outcome}`, { name })}</p>
      </div>
    );
  }
  if (result.outcome === 'pending') {
    return (
      <div className={styles.pending} role="status">
        <p className={styles.title}>{t('wallet.pendingTitle', { name })}</p>
        <p>{t('wallet.pending', { name })}</p>
        <Button variant="secondary" onClick={onCheckAgain} loading={checking} disabled={checking}>
          {t('wallet.checkAgain')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.failed} role="alert">
      <p className={styles.title}>{t('wallet.failedTitle')}</p>
      <p>{result.outcome === 'failed' ? t(method === 'sslcommerz' && result.reason === 'declined' ? 'wallet.failure.declinedByBank' : `wallet.failure.${result.reason}`, { name }) : result.message}</p>
      <p>{t('wallet.tryAgain', { name })}</p>
    </div>
  );
}

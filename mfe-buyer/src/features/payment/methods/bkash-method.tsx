import { useState } from 'react';
import { ApiRequestError } from '@phonehaat/shared-data';
import { Button, formatTaka } from '@phonehaat/shared-ui';
import { startWalletPayment } from '../api/start-wallet-payment';
import { useT } from '../../../i18n';
import type { MethodProps } from './method-props';
import styles from './bkash-method.module.css';
import { takaDueOnline } from '@phonehaat/shared-api/due';

/**
 * Paying with bKash: the server starts the payment for the booking's price and the buyer goes to bKash's own page
 * (wallet number, code, PIN); bKash sends them back to this page, which finishes it (payment-page.tsx's loader).
 */
export function BkashMethod({ booking }: MethodProps) {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  const pay = async () => {
    setLeaving(true);
    setProblem(undefined);
    try {
      const { redirectUrl } = await startWalletPayment('bkash', booking._id);
      window.location.assign(redirectUrl);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('bkash.unreachable'));
      setLeaving(false);
    }
  };

  return (
    <div className={styles.bkash}>
      <p className={styles.note}>{t('bkash.how')}</p>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <Button className={styles.pay} onClick={() => void pay()} disabled={leaving} loading={leaving}>
        {t('bkash.pay', { amount: formatTaka(takaDueOnline(booking)) })}
      </Button>
    </div>
  );
}

import { useState } from 'react';
import type { WalletMethodId } from '@phonehaat/shared-api';
import { ApiRequestError } from '@phonehaat/shared-data';
import { Button, formatTaka } from '@phonehaat/shared-ui';
import { takaDueOnline } from '@phonehaat/shared-api/due';
import { startWalletPayment } from '../api/start-wallet-payment';
import { useT } from '../../../i18n';
import type { MethodProps } from './method-props';
import styles from './redirect-method.module.css';

/**
 * Paying on the provider's own page: the server starts the payment for the booking's price and the buyer goes there
 * (bKash and Nagad: wallet number, code, PIN; SSLCommerz: a card, a bank or another wallet); the provider sends them back to
 * this page, which finishes it (payment-page.tsx's loader).
 */
function RedirectMethod({ booking, method }: MethodProps & { method: WalletMethodId }) {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  const pay = async () => {
    setLeaving(true);
    setProblem(undefined);
    try {
      const { redirectUrl } = await startWalletPayment(method, booking._id);
      window.location.assign(redirectUrl);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t(`${method}.unreachable`));
      setLeaving(false);
    }
  };

  return (
    <div className={styles.method}>
      <p className={styles.note}>{t(`${method}.how`)}</p>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <Button className={styles.pay} onClick={() => void pay()} disabled={leaving} loading={leaving}>
        {t(`${method}.pay`, { amount: formatTaka(takaDueOnline(booking)) })}
      </Button>
    </div>
  );
}

export const BkashMethod = (props: MethodProps) => <RedirectMethod {...props} method="bkash" />;
export const NagadMethod = (props: MethodProps) => <RedirectMethod {...props} method="nagad" />;
export const SslcommerzMethod = (props: MethodProps) => <RedirectMethod {...props} method="sslcommerz" />;

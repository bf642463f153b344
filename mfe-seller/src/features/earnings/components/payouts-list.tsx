import type { Earnings } from '@phonehaat/shared-api';
import { formatDate, formatPhoneNumber, formatTakaExact, UserText } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './earnings.module.css';

const taka = (poisha: number) => formatTakaExact(poisha / 100);
const when = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** The next payout, and the payouts made: to which wallet, bKash's transaction id. */
export function PayoutsList({ earnings }: { earnings: Earnings }) {
  const t = useT();
  const { nextPayout, payouts, wallet } = earnings;
  return (
    <>
      <p data-testid="next-payout">
        {nextPayout.amount === 0
          ? t('payouts.nothingOwed')
          : wallet
            ? t('payouts.next', { amount: taka(nextPayout.amount), number: wallet.number })
            : t('payouts.needWallet', { amount: taka(nextPayout.amount) })}
      </p>
      {payouts.length > 0 && (
        <ul className={styles.payouts}>
          {payouts.map((payout) => (
            <li key={payout._id}>
              {payout.status === 'sent'
                ? t.rich('payouts.sent', { amount: taka(payout.amount), number: <UserText>{formatPhoneNumber(payout.wallet)}</UserText>, date: when(payout.sentAt ?? payout.createdAt), trx: <UserText>{payout.transactionId ?? ''}</UserText> })
                : t('payouts.pending', { amount: taka(payout.amount), number: formatPhoneNumber(payout.wallet) })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

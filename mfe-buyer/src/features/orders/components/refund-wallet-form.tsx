import { useState, type FormEvent } from 'react';
import type { RefundTo, RefundWalletMethod } from '@phonehaat/shared-api';
import { ConfirmCodeField, useConfirmationCode } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction, useApiQuery } from '@phonehaat/shared-data';
import { Button, formatPhoneNumber, notify, TextField, useLanguage } from '@phonehaat/shared-ui';
import { setRefundWallet } from '../api/set-refund-wallet';
import { useT } from '../../../i18n';
import styles from './held-money.module.css';

/** Stands in for the code while the typed number is checked: the schema's own rules for it, before any code is sent. */
const NO_CODE_YET = { verificationId: '00000000-0000-4000-8000-000000000000', code: '000000' };

/**
 * Where a disputed cash sale's refund goes (issue 69): bKash on the parcel's number until the buyer names another
 * wallet — bKash or Nagad (where Nagad is offered) and a number — confirmed with a fresh code to their verified phone,
 * so whoever holds the account cannot send the refund elsewhere.
 */
export function RefundWalletForm({ bookingId, refundTo }: { bookingId: string; refundTo: RefundTo }) {
  const t = useT();
  const language = useLanguage();
  const offered = useApiQuery('listPaymentMethods').data ?? [];
  const wallets: RefundWalletMethod[] = offered.includes('nagad') ? ['bkash', 'nagad'] : ['bkash'];
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState<RefundWalletMethod>(refundTo.method);
  const [number, setNumber] = useState('');
  const [problems, setProblems] = useState<{ number?: string; code?: string }>({});
  const saving = useAction((body: Parameters<typeof setRefundWallet>[1]) => setRefundWallet(bookingId, body), { invalidates: ['listMyBookings', 'getBooking'] });
  const { sent, code, setCode, ask: askCode, asking, used } = useConfirmationCode((message) => setProblems({ number: message ?? t('refundTo.failed') }));
  const where = t('refundTo.where', { wallet: t(`refundTo.wallet.${refundTo.method}`), number: formatPhoneNumber(refundTo.number) });

  if (!editing) {
    return (
      <div className={styles.refundTo} data-testid="refund-to">
        {refundTo.failedAt ? (
          <p role="alert">{t('refundTo.failedSend', { wallet: t(`refundTo.wallet.${refundTo.method}`), number: formatPhoneNumber(refundTo.number) })}</p>
        ) : (
          <p>{refundTo.chosenByBuyer ? where : `${where} ${t('refundTo.default')}`}</p>
        )}
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          {t('refundTo.change')}
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [{ RefundWalletBody }, { messageIn }] = await Promise.all([import('@phonehaat/shared-api'), import('@phonehaat/shared-api/messages')]);
    const parsed = RefundWalletBody.safeParse({ method, number, confirmation: NO_CODE_YET });
    if (!parsed.success) return setProblems({ number: messageIn(parsed.error.issues[0]!.message, language) });
    setProblems({});
    // First the wallet, then the code sent to the buyer's own phone.
    if (!sent) return void (await askCode());
    try {
      const saved = await saving.run({ method, number, confirmation: { verificationId: sent.verificationId, code } });
      notify.success(t('refundTo.saved', { wallet: t(`refundTo.wallet.${saved.method}`), number: formatPhoneNumber(saved.number) }));
      setEditing(false);
      used();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return setProblems({ number: t('refundTo.failed') });
      const aboutCode = error.fieldError('confirmation.code') ?? error.fieldError('confirmation.verificationId');
      setProblems(aboutCode ? { code: aboutCode } : { number: error.message });
    }
  };

  return (
    <form className={styles.refundTo} onSubmit={(event) => void submit(event)} aria-label={t('refundTo.title')} noValidate>
      <p>{t('refundTo.explain')}</p>
      <fieldset className={styles.reasons}>
        <legend>{t('refundTo.title')}</legend>
        {wallets.map((wallet) => (
          <label key={wallet} className={styles.reason}>
            <input type="radio" name={`refund-wallet-${bookingId}`} value={wallet} checked={method === wallet} onChange={() => setMethod(wallet)} />
            {t(`refundTo.wallet.${wallet}`)}
          </label>
        ))}
      </fieldset>
      <TextField label={t('refundTo.number')} inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" value={number} onChange={(event) => setNumber(event.target.value)} error={problems.number} />
      {sent && <ConfirmCodeField sent={sent} code={code} onCode={setCode} error={problems.code} onResend={() => void askCode()} resending={asking} />}
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={saving.busy || asking} disabled={saving.busy || asking}>
          {t(sent ? 'refundTo.confirmSave' : 'refundTo.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          {t('dispute.cancel')}
        </Button>
      </div>
    </form>
  );
}

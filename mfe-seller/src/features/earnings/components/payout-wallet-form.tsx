import { useState, type FormEvent } from 'react';
import type { PayoutWallet } from '@phonehaat/shared-api';
import { ConfirmCodeField, PhoneGate, useConfirmationCode } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatPhoneNumber, notify, Outcome, TextField, useLanguage } from '@phonehaat/shared-ui';
import { setPayoutWallet } from '../api/set-payout-wallet';
import { useT } from '../../../i18n';
import styles from './earnings.module.css';

/** Stands in for the code while the typed numbers are checked: the schema's own rules for them, before any code is sent. */
const NO_CODE_YET = { verificationId: '00000000-0000-4000-8000-000000000000', code: '000000' };

/**
 * Where payouts go: a bKash number, typed twice so a slip does not send the money to a stranger, then confirmed with a
 * fresh code sent to the seller's verified phone number (issue 46: a payout account changes only with one). A seller
 * without a verified number is asked for it first, in place.
 */
export function PayoutWalletForm({ wallet, onSaved }: { wallet: PayoutWallet | null; onSaved(wallet: PayoutWallet): void }) {
  const t = useT();
  const language = useLanguage();
  const [editing, setEditing] = useState(wallet === null);
  // Saved just now: the form collapses into the wallet kept, said where the seller is looking (issue 65).
  const [justSaved, setJustSaved] = useState(false);
  const [number, setNumber] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<{ number?: string; repeat?: string; code?: string }>({});
  const saving = useAction(setPayoutWallet);
  const { sent, code, setCode, ask: askCode, asking, used } = useConfirmationCode((message) => setProblems({ number: message ?? t('wallet.failed') }));

  if (wallet && !editing) {
    return (
      <div className={styles.wallet}>
        <Outcome reveal={justSaved}>
          <p>{t('wallet.current', { number: formatPhoneNumber(wallet.number) })}</p>
        </Outcome>
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          {t('wallet.change')}
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's schema, loaded when it is needed: zod stays out of the page's first code.
    const [{ PayoutWalletBody }, { messageIn }] = await Promise.all([import('@phonehaat/shared-api'), import('@phonehaat/shared-api/messages')]);
    const parsed = PayoutWalletBody.safeParse({ number, repeat, confirmation: NO_CODE_YET });
    if (!parsed.success) {
      // Said in the page's language, as the API would say it.
      const byField = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), messageIn(issue.message, language)]));
      return setProblems(byField);
    }
    setProblems({});
    // First the numbers, then the code sent to the seller's own phone.
    if (!sent) return void (await askCode());
    try {
      const saved = await saving.run({ number, repeat, confirmation: { verificationId: sent.verificationId, code } });
      notify.success(t('wallet.saved', { number: formatPhoneNumber(saved.number) }));
      setEditing(false);
      setJustSaved(true);
      used();
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return setProblems({ number: t('wallet.failed') });
      const aboutCode = error.fieldError('confirmation.code') ?? error.fieldError('confirmation.verificationId') ?? (error.status === 409 || error.status === 404 ? error.message : undefined);
      setProblems(aboutCode ? { code: aboutCode } : { number: error.message });
    }
  };

  return (
    <PhoneGate purpose="payout">
      <form className={styles.walletForm} onSubmit={(event) => void submit(event)} aria-label={t('wallet.title')} noValidate>
        <p className={styles.sub}>{t('wallet.explain')}</p>
        <TextField label={t('wallet.number')} inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" value={number} onChange={(event) => setNumber(event.target.value)} error={problems.number} />
        <TextField label={t('wallet.repeat')} inputMode="tel" autoComplete="off" value={repeat} onChange={(event) => setRepeat(event.target.value)} error={problems.repeat} />
        {sent && <ConfirmCodeField sent={sent} code={code} onCode={setCode} error={problems.code} onResend={() => void askCode()} resending={asking} />}
        <Button type="submit" size="sm" loading={saving.busy || asking} disabled={saving.busy || asking}>
          {t(sent ? 'wallet.confirmSave' : 'wallet.save')}
        </Button>
      </form>
    </PhoneGate>
  );
}

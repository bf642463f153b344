import { useState, type FormEvent } from 'react';
import type { PayoutWallet } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-auth';
import { Button, notify, TextField, useLanguage } from '@phonehaat/shared-ui';
import { setPayoutWallet } from '../api/set-payout-wallet';
import { useT } from '../../../i18n';
import styles from './earnings.module.css';

/** Where payouts go: a bKash number, typed twice so a slip does not send the money to a stranger. */
export function PayoutWalletForm({ wallet, onSaved }: { wallet: PayoutWallet | null; onSaved(wallet: PayoutWallet): void }) {
  const t = useT();
  const language = useLanguage();
  const [editing, setEditing] = useState(wallet === null);
  const [number, setNumber] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<{ number?: string; repeat?: string }>({});
  const saving = useAction(setPayoutWallet);

  if (wallet && !editing) {
    return (
      <div className={styles.wallet}>
        <p>{t('wallet.current', { number: wallet.number })}</p>
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
    const parsed = PayoutWalletBody.safeParse({ number, repeat });
    if (!parsed.success) {
      // Said in the page's language, as the API would say it.
      const byField = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), messageIn(issue.message, language)]));
      return setProblems(byField);
    }
    setProblems({});
    try {
      const saved = await saving.run({ number, repeat });
      notify.success(t('wallet.saved', { number: saved.number }));
      setEditing(false);
      onSaved(saved);
    } catch (error) {
      setProblems({ number: error instanceof ApiRequestError ? error.message : t('wallet.failed') });
    }
  };

  return (
    <form className={styles.walletForm} onSubmit={(event) => void submit(event)} aria-label={t('wallet.title')} noValidate>
      <p className={styles.sub}>{t('wallet.explain')}</p>
      <TextField label={t('wallet.number')} inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" value={number} onChange={(event) => setNumber(event.target.value)} error={problems.number} />
      <TextField label={t('wallet.repeat')} inputMode="tel" autoComplete="off" value={repeat} onChange={(event) => setRepeat(event.target.value)} error={problems.repeat} />
      <Button type="submit" size="sm" loading={saving.busy} disabled={saving.busy}>
        {t('wallet.save')}
      </Button>
    </form>
  );
}

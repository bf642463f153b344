import { useState, type FormEvent } from 'react';
import type { AccountType, PhoneCodeSent } from '@phonehaat/shared-api';
import { finishPhoneSignUp, requestSignInCode, signInWithPhoneCode } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, formatPhoneNumber, SelectField, TextField } from '@phonehaat/shared-ui';
import styles from './auth-form.module.css';
import { useT } from './i18n';

/**
 * Signing in, or up, with a Bangladeshi mobile number alone (issue 46), on the login and register pages: the number (with
 * or without +880 or 0, spaces, dashes, Bangla digits), the six-digit code sent to it, then — for someone new — a name
 * and Buyer or Seller. `onDone` hears that the person is signed in (the page then takes them where they were going).
 */
export function PhoneSignIn({ onDone, busy: pageBusy = false }: { onDone(created: boolean): void; busy?: boolean }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<PhoneCodeSent>();
  const [newcomer, setNewcomer] = useState(false);
  const [profile, setProfile] = useState({ name: '', role: '' });
  const [problem, setProblem] = useState<{ phone?: string; code?: string; name?: string; role?: string; form?: string }>({});
  const asking = useAction(requestSignInCode);
  const checking = useAction(signInWithPhoneCode);
  const finishing = useAction(finishPhoneSignUp);
  const busy = pageBusy || asking.busy || checking.busy || finishing.busy;

  const refusal = (error: unknown, field: 'phone' | 'code') => (error instanceof ApiRequestError ? (error.fieldError(field) ?? error.message) : (error as Error).message);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setProblem({});
    if (!phone.trim()) return setProblem({ phone: t('phoneSignIn.numberRequired') });
    try {
      setSent(await asking.run(phone));
      setCode('');
    } catch (error) {
      setProblem({ phone: refusal(error, 'phone') });
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    setProblem({});
    try {
      const { newAccount } = await checking.run(sent.verificationId, code);
      if (newAccount) setNewcomer(true);
      else onDone(false);
    } catch (error) {
      setProblem({ code: refusal(error, 'code') });
    }
  };

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    const next = { name: profile.name.trim() ? undefined : t('validation.nameRequired'), role: profile.role ? undefined : t('validation.roleRequired') };
    setProblem(next);
    if (next.name || next.role) return;
    try {
      await finishing.run({ name: profile.name.trim(), role: profile.role as AccountType });
      onDone(true);
    } catch (error) {
      setProblem({ form: (error as Error).message });
    }
  };

  let step;
  if (newcomer) {
    step = (
      <form className={styles.form} onSubmit={(event) => void finish(event)} noValidate>
        <p>{t('phoneSignIn.newcomer', { phone: formatPhoneNumber(sent?.phone ?? phone) })}</p>
        <TextField label={t('phoneSignIn.name')} name="phone-name" autoComplete="name" value={profile.name} onChange={(event) => setProfile({ ...profile, name: event.target.value })} error={problem.name} />
        <SelectField
          label={t('signup.accountType')}
          name="phone-role"
          placeholder={t('signup.accountPlaceholder')}
          options={[
            { value: 'Buyer', label: t('signup.buyer') },
            { value: 'Seller', label: t('signup.seller') },
          ]}
          value={profile.role}
          onChange={(event) => setProfile({ ...profile, role: event.target.value })}
          error={problem.role}
        />
        {problem.form && (
          <p className={styles.providerError} role="alert">
            {problem.form}
          </p>
        )}
        <Button type="submit" className={styles.full} loading={finishing.busy} disabled={busy}>
          {t('phoneSignIn.create')}
        </Button>
      </form>
    );
  } else if (sent) {
    step = (
      <form className={styles.form} onSubmit={(event) => void check(event)} noValidate>
        <p>{t('phoneSignIn.enterCode', { phone: formatPhoneNumber(sent.phone) })}</p>
        <TextField label={t('phoneSignIn.code')} name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} error={problem.code} />
        <Button type="submit" className={styles.full} loading={checking.busy} disabled={busy}>
          {t('phoneSignIn.continue')}
        </Button>
        <Button type="button" variant="secondary" className={styles.full} disabled={busy} onClick={() => (setSent(undefined), setProblem({}))}>
          {t('phoneSignIn.otherNumber')}
        </Button>
      </form>
    );
  } else {
    step = (
      <form className={styles.form} onSubmit={(event) => void send(event)} noValidate>
        <TextField label={t('phoneSignIn.number')} name="phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" value={phone} onChange={(event) => setPhone(event.target.value)} error={problem.phone} hint={t('phoneSignIn.hint')} />
        <Button type="submit" variant="secondary" className={styles.full} loading={asking.busy} disabled={busy}>
          {t('phoneSignIn.send')}
        </Button>
      </form>
    );
  }
  return (
    <section aria-labelledby="phone-sign-in" data-testid="phone-sign-in">
      <h2 id="phone-sign-in" className={styles.subtitle}>
        {t('phoneSignIn.title')}
      </h2>
      {step}
    </section>
  );
}

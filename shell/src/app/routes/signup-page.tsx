import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { AccountType } from '@phonehaat/shared-api';
import { loadFirebase, paths, signInWithGoogle, signUp } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Card, DocumentTitle, notify, SelectField, TextField, useFirstErrorFocus } from '@phonehaat/shared-ui';
import styles from './auth-form.module.css';
import { PhoneSignIn } from './phone-sign-in';
import { SignInReasonNote } from './sign-in-reason';
import { emailError, passwordError, returnPath } from './validation';
import { useT } from './i18n';

export function SignupPage() {
  const t = useT();
  const accountTypes: { value: AccountType; label: string }[] = [
    { value: 'Buyer', label: t('signup.buyer') },
    { value: 'Seller', label: t('signup.seller') },
  ];
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState({ name: '', email: '', password: '', role: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const formRef = useFirstErrorFocus(errors);
  const [providerError, setProviderError] = useState<string>();
  // Which way of signing in is on its way (its button shows it; the others wait).
  const signingIn = useAction((_kind: 'form' | 'google', work: () => Promise<void>) => work());
  const busy = signingIn.pending?.[0];
  const destination = returnPath(location.state, location.search);

  useEffect(() => void loadFirebase().catch(() => undefined), []);

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const run = async (kind: 'form' | 'google', work: () => Promise<void>) => {
    setProviderError(undefined);
    try {
      await signingIn.run(kind, work);
      notify.success(t('signup.done'));
      // Back to where they were going before they made the account (issue 65).
      navigate(destination, { replace: true });
    } catch (error) {
      // Shown to the user, and logged (by shared-auth) for us.
      if (error instanceof ApiRequestError && error.fields.length) {
        setErrors(Object.fromEntries(error.fields.map(({ field, message }) => [field, message])));
      }
      setProviderError((error as Error).message);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: form.name.trim() ? undefined : t('validation.nameRequired'),
      email: emailError(form.email),
      password: passwordError(form.password),
      role: form.role ? undefined : t('validation.roleRequired'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    void run('form', () => signUp({ name: form.name.trim(), email: form.email.trim(), password: form.password, role: form.role as AccountType }));
  };

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card}>
        <DocumentTitle title={t('signup.documentTitle')} />
        <h1 className={styles.title}>{t('signup.title')}</h1>
        <p className={styles.lead}>{t('signup.lead')}</p>
        <SignInReasonNote from={destination} />
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField label={t('signup.name')} name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} />
          <TextField label={t('login.email')} type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
          <TextField
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
            hint={t('signup.passwordHint')}
          />
          <SelectField label={t('signup.accountType')} name="role" placeholder={t('signup.accountPlaceholder')} options={accountTypes} value={form.role} onChange={set('role')} error={errors.role} />
          {providerError && (
            <p className={styles.providerError} role="alert">
              {providerError}
            </p>
          )}
          <Button type="submit" className={styles.full} loading={busy === 'form'} disabled={Boolean(busy)}>
            {t('signup.submit')}
          </Button>
        </form>
        <p className={styles.divider}>{t('login.or')}</p>
        <Button variant="secondary" className={styles.full} loading={busy === 'google'} disabled={Boolean(busy)} onClick={() => void run('google', signInWithGoogle)}>
          {t('signup.google')}
        </Button>
        <p className={styles.hint}>{t('signup.googleHint')}</p>
        <p className={styles.divider}>{t('login.or')}</p>
        <PhoneSignIn busy={Boolean(busy)} onDone={(created) => (notify.success(t(created ? 'signup.done' : 'login.done')), navigate(destination, { replace: true }))} />
        <p className={styles.switch}>
          {t('signup.have')} <Link to={{ pathname: paths.login, search: location.search }} state={location.state}>{t('signup.login')}</Link>
        </p>
      </Card>
    </div>
  );
}

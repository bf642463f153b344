import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { AccountType } from '@phonehaat/shared-api';
import { ApiRequestError, loadFirebase, paths, signInWithGoogle, signUp } from '@phonehaat/shared-auth';
import { Button, Card, DocumentTitle, notify, SelectField, TextField } from '@phonehaat/shared-ui';
import styles from './auth-form.module.css';
import { emailError, passwordError } from './validation';

const accountTypes: { value: AccountType; label: string }[] = [
  { value: 'Buyer', label: 'Buyer' },
  { value: 'Seller', label: 'Seller' },
];

export function SignupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState({ name: '', email: '', password: '', role: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [providerError, setProviderError] = useState<string>();
  const [busy, setBusy] = useState<'form' | 'google'>();

  useEffect(() => void loadFirebase().catch(() => undefined), []);

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const run = async (kind: 'form' | 'google', work: () => Promise<void>) => {
    setBusy(kind);
    setProviderError(undefined);
    try {
      await work();
      notify.success('Welcome to PhoneHaat! Your account is ready.');
      navigate(paths.home, { replace: true });
    } catch (error) {
      // Shown to the user, and logged (by shared-auth) for us.
      if (error instanceof ApiRequestError && error.fields.length) {
        setErrors(Object.fromEntries(error.fields.map(({ field, message }) => [field, message])));
      }
      setProviderError((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: form.name.trim() ? undefined : 'Name is required',
      email: emailError(form.email),
      password: passwordError(form.password),
      role: form.role ? undefined : 'Choose Buyer or Seller',
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    void run('form', () => signUp({ name: form.name.trim(), email: form.email.trim(), password: form.password, role: form.role as AccountType }));
  };

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card}>
        <DocumentTitle title="Register" />
        <h1 className={styles.title}>Create your account</h1>
        <p className={styles.lead}>Buy a phone you can trust, or sell the one in your drawer.</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} />
          <TextField label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
            hint="At least 6 characters"
          />
          <SelectField label="Account type" name="role" placeholder="Select Your Account Type" options={accountTypes} value={form.role} onChange={set('role')} error={errors.role} />
          {providerError && (
            <p className={styles.providerError} role="alert">
              {providerError}
            </p>
          )}
          <Button type="submit" className={styles.full} loading={busy === 'form'} disabled={Boolean(busy)}>
            Register
          </Button>
        </form>
        <p className={styles.divider}>or</p>
        <Button variant="secondary" className={styles.full} loading={busy === 'google'} disabled={Boolean(busy)} onClick={() => void run('google', signInWithGoogle)}>
          Sign up with Google
        </Button>
        <p className={styles.hint}>Google sign-up creates a buyer account.</p>
        <p className={styles.switch}>
          Already have an account? <Link to={paths.login} state={location.state}>Login</Link>
        </p>
      </Card>
    </div>
  );
}

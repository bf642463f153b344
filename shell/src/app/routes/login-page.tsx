import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loadFirebase, paths, signIn, signInWithGoogle, useSession } from '@phonehaat/shared-auth';
import { useAction } from '@phonehaat/shared-data';
import { Button, Card, DocumentTitle, notify, TextField, useFirstErrorFocus } from '@phonehaat/shared-ui';
import styles from './auth-form.module.css';
import { PhoneSignIn } from './phone-sign-in';
import { SignInReasonNote } from './sign-in-reason';
import { emailError, passwordError, returnPath } from './validation';
import { useT } from './i18n';

export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useSession((s) => s.status);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const formRef = useFirstErrorFocus(errors);
  const [providerError, setProviderError] = useState<string>();
  // Which way of signing in is on its way (its button shows it; the others wait).
  const signingIn = useAction((_kind: 'password' | 'google', work: () => Promise<void>) => work());
  const busy = signingIn.pending?.[0];
  const destination = returnPath(location.state, location.search);

  // The visitor is about to sign in: fetch the sign-in SDK while they type.
  useEffect(() => void loadFirebase().catch(() => undefined), []);
  useEffect(() => {
    if (status === 'signed-in' && !busy) navigate(destination, { replace: true });
  }, [status, busy, destination, navigate]);

  const run = async (kind: 'password' | 'google', work: () => Promise<void>) => {
    setProviderError(undefined);
    try {
      await signingIn.run(kind, work);
      notify.success(t('login.done'));
      navigate(destination, { replace: true });
    } catch (error) {
      setProviderError((error as Error).message);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { email: emailError(email), password: passwordError(password) };
    setErrors(next);
    if (next.email || next.password) return;
    void run('password', () => signIn(email.trim(), password));
  };

  // Phone sign-in first on a phone (auth-form.module.css orders the methods by the screen's width): most people here
  // sign in with their mobile number. Where they were going is said, and they go back there after (issue 65).
  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card}>
        <DocumentTitle title={t('login.title')} />
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.lead}>{t('login.lead')}</p>
        <SignInReasonNote from={destination} />
        <div className={styles.methods}>
          <form ref={formRef} className={`${styles.form} ${styles.byEmail}`} onSubmit={onSubmit} noValidate>
            <TextField label={t('login.email')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
            <TextField
              label={t('login.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <Link className={styles.forgot} to={paths.forgotPassword}>
              {t('login.forgot')}
            </Link>
            {providerError && (
              <p className={styles.providerError} role="alert">
                {providerError}
              </p>
            )}
            <Button type="submit" className={styles.full} loading={busy === 'password'} disabled={Boolean(busy)}>
              {t('login.submit')}
            </Button>
          </form>
          <p className={`${styles.divider} ${styles.afterEmail}`}>{t('login.or')}</p>
          <Button variant="secondary" className={`${styles.full} ${styles.byGoogle}`} loading={busy === 'google'} disabled={Boolean(busy)} onClick={() => void run('google', signInWithGoogle)}>
            {t('login.google')}
          </Button>
          <p className={`${styles.divider} ${styles.afterGoogle}`}>{t('login.or')}</p>
          <div className={styles.byPhone}>
            <PhoneSignIn busy={Boolean(busy)} onDone={(created) => (notify.success(t(created ? 'signup.done' : 'login.done')), navigate(destination, { replace: true }))} />
          </div>
        </div>
        <p className={styles.switch}>
          {t('login.new')} <Link to={{ pathname: paths.signup, search: location.search }} state={location.state}>{t('login.create')}</Link>
        </p>
      </Card>
    </div>
  );
}

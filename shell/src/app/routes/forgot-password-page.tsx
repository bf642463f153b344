import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { api, ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Card, DocumentTitle, Outcome, TextField, useLanguage } from '@phonehaat/shared-ui';
import styles from './auth-form.module.css';
import { emailError } from './validation';
import { useT } from './i18n';

/** "Forgot password?": the address the link goes to; the same answer whether or not an account has it. */
export function ForgotPasswordPage() {
  const t = useT();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const sending = useAction(api.requestPasswordReset);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    if (invalid) return;
    setProblem(undefined);
    try {
      await sending.run({ body: { email: email.trim(), language } });
      setSentTo(email.trim());
    } catch (caught) {
      setProblem(caught instanceof ApiRequestError && caught.status === 429 ? t('forgot.tooMany') : t('forgot.failed'));
    }
  };

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card}>
        <DocumentTitle title={t('forgot.title')} />
        <h1 className={styles.title}>{t('forgot.title')}</h1>
        {sentTo ? (
          <Outcome className={styles.lead}>{t('forgot.sent', { email: sentTo })}</Outcome>
        ) : (
          <>
            <p className={styles.lead}>{t('forgot.lead')}</p>
            <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
              <TextField label={t('login.email')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
              {problem && (
                <p className={styles.providerError} role="alert">
                  {problem}
                </p>
              )}
              <Button type="submit" className={styles.full} loading={sending.busy} disabled={sending.busy}>
                {t('forgot.submit')}
              </Button>
            </form>
          </>
        )}
        <p className={styles.switch}>
          <Link to={paths.login}>{t('forgot.back')}</Link>
        </p>
      </Card>
    </div>
  );
}

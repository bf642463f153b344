import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { loadFirebase, paths } from '@phonehaat/shared-auth';
import { useAction } from '@phonehaat/shared-data';
import { Button, Card, DocumentTitle, TextField, useFirstErrorFocus } from '@phonehaat/shared-ui';
import styles from './auth-form.module.css';
import { passwordError } from './validation';
import { useT } from './i18n';

/** Firebase's verdicts on a reset code, said as what to do next. */
const codeProblems: Record<string, 'reset.expired' | 'reset.used' | 'reset.weak'> = {
  'auth/expired-action-code': 'reset.expired',
  'auth/invalid-action-code': 'reset.used',
  'auth/weak-password': 'reset.weak',
};

/** Where the reset e-mail leads (`?oobCode=…`): a new password, set with Firebase; then sign in with it. */
export function ResetPasswordPage() {
  const t = useT();
  const [search] = useSearchParams();
  const code = search.get('oobCode') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const formRef = useFirstErrorFocus(errors);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState(false);
  const saving = useAction(async (newPassword: string) => {
    const { auth, sdk } = await loadFirebase();
    await sdk.confirmPasswordReset(auth, code, newPassword);
  });
  const busy = saving.busy;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { password: passwordError(password), repeat: password === repeat ? undefined : t('reset.differ') };
    setErrors(next);
    if (next.password || next.repeat) return;
    setProblem(undefined);
    try {
      await saving.run(password);
      setDone(true);
    } catch (error) {
      const key = codeProblems[(error as { code?: string }).code ?? ''];
      setProblem(t(key ?? 'reset.failed'));
    }
  };

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.card}>
        <DocumentTitle title={t('reset.title')} />
        <h1 className={styles.title}>{t('reset.title')}</h1>
        {done ? (
          <>
            <p className={styles.lead} role="status">
              {t('reset.done')}
            </p>
            <Link to={paths.login}>{t('reset.signIn')}</Link>
          </>
        ) : !code ? (
          <p className={styles.lead} role="alert">
            {t('reset.noCode')} <Link to={paths.forgotPassword}>{t('reset.askAgain')}</Link>
          </p>
        ) : (
          <form ref={formRef} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
            <TextField label={t('reset.password')} type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
            <TextField label={t('reset.repeat')} type="password" name="repeat" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={errors.repeat} />
            {problem && (
              <p className={styles.providerError} role="alert">
                {problem} <Link to={paths.forgotPassword}>{t('reset.askAgain')}</Link>
              </p>
            )}
            <Button type="submit" className={styles.full} loading={busy} disabled={busy}>
              {t('reset.submit')}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}

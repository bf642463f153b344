import { useState, type FormEvent } from 'react';
import type { PhoneConfirmation, PhoneConfirmationSent, PhoneStatus } from '@phonehaat/shared-api';
import { Button, formatDate, formatPhoneNumber, notify, TextField } from '@phonehaat/shared-ui';
import { api, ApiRequestError } from '@phonehaat/shared-data';
import { askForConfirmation } from '../confirm-code';
import { ConfirmCodeField } from './confirm-code-field';
import { loadFirebase } from '../firebase';
import { useT } from './i18n';
import { useAction } from '@phonehaat/shared-data';
import { AppCheckFailed, appVerification } from '../app-verification';

/** Firebase holds no sign-in in this browser (it was signed out elsewhere): the person signs in again. */
class SignedOutError extends Error {}

/** The signed-in person's own Firebase ID token: the number is linked to their Firebase account with it. */
async function ownIdToken(): Promise<string> {
  const { auth } = await loadFirebase();
  await auth.authStateReady();
  const token = await auth.currentUser?.getIdToken();
  if (!token) throw new SignedOutError();
  return token;
}

const askCode = async (phone: string, confirmation?: PhoneConfirmation) =>
  api.requestPhoneCode({ body: { phone, ...(confirmation ? { confirmation } : {}), ...(await appVerification()) } });
const checkCode = async (verificationId: string, code: string) => api.verifyPhoneCode({ body: { verificationId, code, idToken: await ownIdToken() } });

/**
 * A verified phone number on the person's account (issue 46): their number, a one-time code sent to it, the code typed
 * back (Bangla digits too); then the number, verified. `onVerified` hears the new status. A verified number is changed
 * with a fresh code to it first (asked again when it matters), then the new number's own code.
 */
export function VerifyPhone({ status, onVerified }: { status: PhoneStatus; onVerified(status: PhoneStatus): void }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<{ verificationId: string; phone: string }>();
  const [problem, setProblem] = useState<{ phone?: string; code?: string; current?: string }>({});
  /** Changing a verified number: the fresh code sent to it, and the code typed back. */
  const [changing, setChanging] = useState<PhoneConfirmationSent>();
  const [currentCode, setCurrentCode] = useState('');
  const asking = useAction(askCode);
  const checking = useAction(checkCode);
  const confirming = useAction(askForConfirmation);

  const refusal = (error: unknown, field: 'phone' | 'code') =>
    error instanceof ApiRequestError
      ? (error.fieldError(field) ?? error.message)
      : error instanceof SignedOutError
        ? t('phone.signInAgain')
        : error instanceof AppCheckFailed
          ? error.message
          : t('phone.failed');

  const startChange = async () => {
    setProblem({});
    try {
      setChanging(await confirming.run());
      setCurrentCode('');
    } catch (error) {
      setProblem({ current: refusal(error, 'phone') });
    }
  };

  if (status.phone && status.verifiedAt && !changing) {
    return (
      <div>
        <p data-testid="phone-verified">{t('phone.verified', { phone: formatPhoneNumber(status.phone), date: formatDate(status.verifiedAt, { day: 'numeric', month: 'long', year: 'numeric' }) })}</p>
        <Button size="sm" variant="secondary" onClick={() => void startChange()} loading={confirming.busy} disabled={confirming.busy}>
          {t('phone.change')}
        </Button>
        {problem.current && <p role="alert">{problem.current}</p>}
      </div>
    );
  }

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setProblem({});
    try {
      const answer = await asking.run(phone, changing ? { verificationId: changing.verificationId, code: currentCode } : undefined);
      setSent(answer);
      setCode('');
      notify.success(t('phone.sent', { phone: formatPhoneNumber(answer.phone) }));
    } catch (error) {
      const current = error instanceof ApiRequestError ? (error.fieldError('confirmation.code') ?? error.fieldError('confirmation.verificationId')) : undefined;
      setProblem(current ? { current } : { phone: refusal(error, 'phone') });
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    setProblem({});
    try {
      const verified = await checking.run(sent.verificationId, code);
      notify.success(t('phone.done', { phone: formatPhoneNumber(verified.phone ?? sent.phone) }));
      setChanging(undefined);
      setSent(undefined);
      setPhone('');
      onVerified(verified);
    } catch (error) {
      setProblem({ code: refusal(error, 'code') });
    }
  };

  if (!sent) {
    return (
      <form onSubmit={(event) => void send(event)} aria-label={t('phone.title')} noValidate>
        {changing ? (
          <ConfirmCodeField sent={changing} code={currentCode} onCode={setCurrentCode} error={problem.current} onResend={() => void startChange()} resending={confirming.busy} />
        ) : (
          <p>{t('phone.why')}</p>
        )}
        <TextField
          label={t(changing ? 'phone.newNumber' : 'phone.number')}
          inputMode="tel"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={problem.phone}
        />
        <Button type="submit" size="sm" loading={asking.busy} disabled={asking.busy}>
          {t(changing ? 'phone.sendToNew' : 'phone.send')}
        </Button>
        {changing && (
          <>
            {' '}
            <Button type="button" size="sm" variant="secondary" onClick={() => (setChanging(undefined), setProblem({}))}>
              {t('phone.keep')}
            </Button>
          </>
        )}
      </form>
    );
  }
  return (
    <form onSubmit={(event) => void check(event)} aria-label={t('phone.title')} noValidate>
      <p>{t('phone.enterCode', { phone: formatPhoneNumber(sent.phone) })}</p>
      <TextField label={t('phone.code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} error={problem.code} />
      <Button type="submit" size="sm" loading={checking.busy} disabled={checking.busy}>
        {t('phone.verify')}
      </Button>{' '}
      <Button type="button" size="sm" variant="secondary" onClick={() => setSent(undefined)}>
        {t('phone.otherNumber')}
      </Button>
    </form>
  );
}

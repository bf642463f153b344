import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, notify, Outcome, TextField, useLanguage, UserText } from '@phonehaat/shared-ui';
import { addEmailAddress, requestEmailLink } from '../actions';
import { ApiRequestError } from '@phonehaat/shared-data';
import { useT } from './i18n';
import { useAction } from '@phonehaat/shared-data';

const looksLikeAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/**
 * An e-mail address for an account made by phone (issue 46): the address, a link e-mailed to it, and — when the person
 * comes back by that link (`linkToken`, read from the page's address by its owner) — the address added, in place.
 * `onLinkUsed`: the token is being used (so the page takes it out of its address).
 */
export function AddEmail({ linkToken, onLinkUsed }: { linkToken?: string | undefined; onLinkUsed?(): void }) {
  const t = useT();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [added, setAdded] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const sending = useAction(requestEmailLink);
  const adding = useAction(addEmailAddress);
  const add = adding.run;
  const tried = useRef<string>(undefined);

  useEffect(() => {
    if (!linkToken || tried.current === linkToken) return;
    tried.current = linkToken;
    // Out of the page's address at once: a reload or a second render never spends it twice.
    onLinkUsed?.();
    add(linkToken)
      .then((address) => {
        setAdded(address);
        notify.success(t('email.added', { email: address }));
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : t('email.failed')));
  }, [linkToken, add, onLinkUsed, t]);

  if (added) return <Outcome>{t.rich('email.added', { email: <UserText>{added}</UserText> })}</Outcome>;
  if (adding.busy) return <p role="status">{t('email.adding')}</p>;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeAddress(address)) return setProblem(t('email.invalid'));
    setProblem(undefined);
    try {
      await sending.run(address, language);
      setSentTo(address.toLowerCase());
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? (error.fieldError('email') ?? error.message) : t('email.failed'));
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} aria-label={t('email.title')} noValidate>
      <p>{t('email.why')}</p>
      <TextField label={t('email.address')} type="email" inputMode="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={problem} />
      <Button type="submit" size="sm" loading={sending.busy} disabled={sending.busy}>
        {t(sentTo ? 'email.sendAgain' : 'email.send')}
      </Button>
      {sentTo && <Outcome>{t.rich('email.sent', { email: <UserText>{sentTo}</UserText> })}</Outcome>}
    </form>
  );
}

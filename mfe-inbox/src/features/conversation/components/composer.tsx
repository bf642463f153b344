import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Message } from '@phonehaat/shared-api';
import { MAX_MESSAGE } from '@phonehaat/shared-api/limits';
import { Button } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import { write } from '../outbox';
import styles from './conversation.module.css';

/** Writing a message: plain text up to 2,000 characters; Enter sends, Shift+Enter starts a new line. */
export function Composer({ threadId, onDelivered }: { threadId: string; onDelivered(message: Message): void }) {
  const t = useT();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = body.trim();
    if (!text) return setError(t('composer.empty'));
    if (text.length > MAX_MESSAGE) return setError(t('composer.tooLong', { max: MAX_MESSAGE }));
    setError(null);
    setBody('');
    write(threadId, text, onDelivered);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  return (
    <form className={styles.composer} onSubmit={send} noValidate>
      <label className={styles.composerLabel} htmlFor={`composer-${threadId}`}>
        {t('composer.label')}
      </label>
      <textarea
        id={`composer-${threadId}`}
        className={styles.input}
        rows={2}
        value={body}
        maxLength={MAX_MESSAGE + 200}
        placeholder={t('composer.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `composer-${threadId}-error` : undefined}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        // Enter pressed before the app has started sends the form once it has (the shell's index.html).
        data-enter-sends=""
      />
      {error && (
        <p id={`composer-${threadId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit">{t('composer.send')}</Button>
    </form>
  );
}

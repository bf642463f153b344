import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Message, Thread } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { Button, formatTaka, Price, UserText } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import { discard, retry, usePending } from '../outbox';
import { when } from '../../../lib/when';
import { Composer } from './composer';
import { ReportMessageDialog } from './report-message-dialog';
import { ScamWarning } from './scam-warning';
import styles from './conversation.module.css';

export interface ConversationProps {
  thread: Thread;
  messages: Message[];
  /** A message stored (sent from here, or arrived on the stream). */
  onDelivered(message: Message): void;
  onBlock(blocked: boolean): void;
  /** Given when there are older messages than those shown: loads them. */
  onEarlier?: (() => Promise<void>) | undefined;
}

const closedKey = {
  sold: 'thread.closedSold',
  removed: 'thread.closedRemoved',
  'blocked-by-me': 'thread.closedBlockedByMe',
  'blocked-by-other': 'thread.closedBlockedByOther',
} as const;

/** One conversation: the listing on top, the messages with their time and "seen", what is still sending, the composer. */
export function Conversation({ thread, messages, onDelivered, onBlock, onEarlier }: ConversationProps) {
  const t = useT();
  // A message the stream delivered before its send was answered is shown once, as stored (not also as sending).
  const stored = new Set(messages.map((message) => message.clientId));
  const pending = usePending(thread._id).filter((item) => !stored.has(item.clientId));
  const end = useRef<HTMLDivElement>(null);
  const [reporting, setReporting] = useState<Message>();
  const [earlier, setEarlier] = useState<'idle' | 'loading' | 'failed'>('idle');
  const loadEarlier = () => {
    if (!onEarlier) return;
    setEarlier('loading');
    onEarlier().then(
      () => setEarlier('idle'),
      () => setEarlier('failed'),
    );
  };
  const mine = (message: Message) => message.senderId !== thread.other._id;
  // "Seen" under the last of my messages the other person has seen.
  const seenUpTo = thread.seenByOther === null ? null : BigInt(thread.seenByOther);
  const lastSeenMine = [...messages].reverse().find((message) => mine(message) && seenUpTo !== null && BigInt(message._id) <= seenUpTo);
  // Its sender is told why a message was flagged once a conversation: under the first of theirs (issue 70).
  const firstFlaggedMine = messages.find((message) => mine(message) && message.warnings.length > 0);
  const count = messages.length + pending.length;
  useEffect(() => {
    // A block, not an expression: Chromium's scrollIntoView answers a Promise, which React would take for a cleanup.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  return (
    <section className={styles.root} aria-label={t('thread.label', { name: thread.other.name })}>
      <header className={styles.header}>
        <Link to={paths.inbox()} className={styles.back}>
          {t('thread.back')}
        </Link>
        <Link to={paths.product(thread.listing._id)} className={styles.listing}>
          <img className={styles.photo} src={thread.listing.img} alt="" width={56} height={56} />
          <span className={styles.listingText}>
            <span className={styles.listingName} translate="no">
              {thread.listing.name}
            </span>
            <Price amount={thread.listing.resalePrice} size="sm" />
          </span>
        </Link>
        <p className={styles.with}>
          <span>{t.rich(thread.role === 'buyer' ? 'thread.withSeller' : 'thread.withBuyer', { name: <UserText>{thread.other.name}</UserText> })}</span>
          {thread.closed !== 'blocked-by-other' && (
            <Button size="sm" variant="secondary" onClick={() => onBlock(thread.closed !== 'blocked-by-me')}>
              {thread.closed === 'blocked-by-me' ? t('thread.unblock') : t('thread.block')}
            </Button>
          )}
        </p>
      </header>
      {onEarlier && (
        <div className={styles.earlier}>
          <Button size="sm" variant="secondary" loading={earlier === 'loading'} onClick={loadEarlier}>
            {t('thread.earlier')}
          </Button>
          {earlier === 'failed' && <p role="alert">{t('thread.earlierFailed')}</p>}
        </div>
      )}
      <ol className={styles.messages} aria-label={t('thread.messages')} aria-live="polite">
        {messages.length === 0 && pending.length === 0 && <li className={styles.hint}>{t('thread.empty')}</li>}
        {messages.map((message) => (
          <li key={message._id} className={mine(message) ? `${styles.message} ${styles.mine}` : styles.message}>
            {message.offer ? (
              <p className={`${styles.body} ${styles.offer}`} data-testid="offer-line">
                {t(`thread.offer.${message.offer.action}`, { amount: formatTaka(message.offer.amount ?? 0) })} <Link to={paths.offers}>{t('thread.offer.see')}</Link>
              </p>
            ) : message.removed ? (
              <p className={`${styles.body} ${styles.removed}`}>{t('thread.removed')}</p>
            ) : (
              <p className={styles.body} translate="no">
                {message.body}
              </p>
            )}
            {message.held ? (
              <p className={styles.held} data-testid="held-note">
                {t('thread.held')}
              </p>
            ) : (
              message.warnings.length > 0 && !message.removed && (!mine(message) || message === firstFlaggedMine) && <ScamWarning kinds={message.warnings} mine={mine(message)} />
            )}
            <p className={styles.meta}>
              <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
              {message === lastSeenMine && <span className={styles.seen}>{t('thread.seen')}</span>}
              {!mine(message) && !message.removed && !message.offer && (
                <button type="button" className={styles.reportButton} onClick={() => setReporting(message)}>
                  {t('thread.report')}
                </button>
              )}
            </p>
          </li>
        ))}
        {pending.map((item) => (
          <li key={item.clientId} className={`${styles.message} ${styles.mine} ${styles.pending}`}>
            <p className={styles.body} translate="no">
              {item.body}
            </p>
            {item.state === 'sending' ? (
              <p className={styles.meta} role="status">
                {t('thread.sending')}
              </p>
            ) : (
              <div className={styles.failed} role="alert">
                <p>{t('thread.notSent', { reason: item.error ?? '' })}</p>
                <Button size="sm" variant="secondary" onClick={() => retry(item.clientId, onDelivered)}>
                  {t('thread.retry')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => discard(item.clientId)}>
                  {t('thread.discard')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <div ref={end} />
      {thread.closed ? <p className={styles.closed}>{t(closedKey[thread.closed])}</p> : <Composer threadId={thread._id} onDelivered={onDelivered} />}
      {reporting && <ReportMessageDialog message={reporting} onClose={() => setReporting(undefined)} />}
    </section>
  );
}

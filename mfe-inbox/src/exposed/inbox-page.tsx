import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { Message, StreamEvent, Thread, ThreadDetail } from '@phonehaat/shared-api';
import { loadLive, paths, PhoneGate } from '@phonehaat/shared-auth';
import { ApiRequestError, settle, useApi, type ApiState } from '@phonehaat/shared-data';
import { Container, EmptyState, ErrorState, PageHeader, PageSpinner, buttonClass } from '@phonehaat/shared-ui';
import { Conversation } from '../features/conversation/components/conversation';
import { flush } from '../features/conversation/outbox';
import { getThread, getThreads, markSeen, openThread, setBlocked } from '../features/threads/api/threads';
import { ThreadList } from '../features/threads/components/thread-list';
import { useT } from '../i18n';
import styles from './inbox-page.module.css';

export interface InboxData {
  threads: ApiState<Thread[]>;
  thread: ApiState<ThreadDetail> | null;
}

/** The open conversation's id in the address (`/inbox/:id`); none for the list, or `new` (being opened). */
const openId = (id: string | undefined) => (id && id !== 'new' ? id : undefined);

/** Runs before the page shows (the shell's route, or its server composing the page): the conversations, and the open one. */
export async function loader({ params }: LoaderFunctionArgs): Promise<InboxData> {
  const id = openId(params.id);
  const [threads, thread] = await Promise.all([settle(getThreads()), id ? settle(getThread(id)) : Promise.resolve(null)]);
  return { threads, thread };
}

/** Adds a message to a list once (the stream and the send's answer may both bring it), in id order. */
const withMessage = (messages: Message[], message: Message) =>
  messages.some((m) => m._id === message._id) ? messages : [...messages, message].sort((a, b) => (BigInt(a._id) < BigInt(b._id) ? -1 : 1));

/** `/inbox`, `/inbox/:id` and `/inbox/new?listing=…`: the person's conversations and the open one, live. */
export default function InboxPage() {
  const t = useT();
  const data = useLoaderData() as InboxData | undefined;
  const { id: param } = useParams();
  const id = openId(param);
  const threads = useApi(getThreads, [], data?.threads);
  const thread = useApi(() => (id ? getThread(id) : Promise.resolve(null)), [id], data?.thread ?? (id ? undefined : { status: 'success', data: null, error: undefined }));
  const openRef = useRef(id);
  openRef.current = id;

  const delivered = useCallback(
    (message: Message) => {
      if (message.threadId === openRef.current) thread.setData((current) => current && { ...current, messages: withMessage(current.messages, message) });
      threads.setData((list) => {
        const found = list.find((item) => item._id === message.threadId);
        if (!found) {
          threads.reload(); // a conversation someone has just started
          return list;
        }
        const mine = message.senderId !== found.other._id;
        const open = message.threadId === openRef.current;
        const updated = { ...found, lastMessage: message, unread: mine || open ? found.unread : found.unread + 1 };
        return [updated, ...list.filter((item) => item._id !== message.threadId)];
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [thread.setData, threads.setData, threads.reload],
  );

  // Live: messages and "seen" as they happen; what waited to be sent goes when the stream (or the network) is back.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onEvent = (event: StreamEvent) => {
      if (event.type === 'message') delivered(event.message);
      if (event.type === 'ready') flush(delivered);
      if (event.type === 'seen' && event.threadId === openRef.current) {
        thread.setData((current) => (current && event.by === current.thread.other._id ? { ...current, thread: { ...current.thread, seenByOther: event.upTo } } : current));
      }
    };
    void loadLive().then(({ subscribe }) => {
      if (!cancelled) stop = subscribe(onEvent);
    });
    const online = () => flush(delivered);
    window.addEventListener('online', online);
    flush(delivered);
    return () => {
      cancelled = true;
      stop?.();
      window.removeEventListener('online', online);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [delivered]);

  // Seen: the other person's newest message, once it is on screen.
  const detail = thread.status === 'success' ? thread.data : null;
  const lastFromOther = detail?.messages.filter((message) => message.senderId === detail.thread.other._id).at(-1)?._id;
  useEffect(() => {
    if (!detail || !lastFromOther) return;
    const threadId = detail.thread._id;
    void markSeen(threadId, lastFromOther).then(
      () => {
        threads.setData((list) => list.map((item) => (item._id === threadId ? { ...item, unread: 0 } : item)));
        void loadLive().then(({ refreshUnread }) => refreshUnread());
      },
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail?.thread._id, lastFromOther]);

  const onBlock = (blocked: boolean) => {
    if (!detail) return;
    setBlocked(detail.thread._id, blocked).then(
      (updated) => thread.setData((current) => current && { ...current, thread: updated }),
      () => thread.reload(),
    );
  };

  /** The messages before the oldest shown, put in front of them. */
  const showEarlier = async () => {
    if (!detail || detail.messages.length === 0) return;
    const older = await getThread(detail.thread._id, detail.messages[0]!._id);
    thread.setData((current) => current && { ...current, messages: older.messages.reduce(withMessage, current.messages), hasOlder: older.hasOlder });
  };

  if (param === 'new') {
    // A first message needs a verified number (issue 46): asked for here, then the conversation opens.
    return (
      <Container>
        <PhoneGate purpose="message">
          <OpeningThread />
        </PhoneGate>
      </Container>
    );
  }
  return (
    <Container as="section">
      {/* Above both columns, so a phone showing one conversation still has the page's heading. */}
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <div className={styles.page}>
        <div className={id ? `${styles.list} ${styles.secondary}` : styles.list}>
          {threads.status === 'loading' && <PageSpinner label={t('page.loading')} />}
          {threads.status === 'error' && <ErrorState message={threads.error.message} onRetry={threads.reload} />}
          {threads.status === 'success' && threads.data.length === 0 && (
            <EmptyState
              title={t('page.emptyTitle')}
              message={t('page.empty')}
              action={
                <Link className={buttonClass('primary')} to={paths.home}>
                  {t('page.browse')}
                </Link>
              }
            />
          )}
          {threads.status === 'success' && threads.data.length > 0 && <ThreadList threads={threads.data} activeId={id} />}
        </div>
        {id && (
          <div className={styles.thread}>
            {thread.status === 'loading' && <PageSpinner label={t('thread.loading')} />}
            {thread.status === 'error' && <ErrorState message={thread.error.message} onRetry={thread.reload} />}
            {detail && (
              <Conversation thread={detail.thread} messages={detail.messages} onDelivered={delivered} onBlock={onBlock} onEarlier={detail.hasOlder ? showEarlier : undefined} />
            )}
          </div>
        )}
      </div>
    </Container>
  );
}

/** `/inbox/new?listing=…[&buyer=…]`: opens (or finds) the conversation about a listing, then shows it in its place. */
function OpeningThread() {
  const t = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const listing = search.get('listing') ?? '';
  const buyer = search.get('buyer') ?? undefined;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    openThread(listing, buyer).then(
      (opened) => !cancelled && navigate(paths.inbox(opened._id), { replace: true }),
      (failure: unknown) => !cancelled && setError(failure instanceof ApiRequestError ? failure.message : t('page.openFailed')),
    );
    return () => {
      cancelled = true;
    };
  }, [listing, buyer, navigate, t]);
  if (error) return <ErrorState message={error} />;
  return <PageSpinner label={t('page.opening')} />;
}

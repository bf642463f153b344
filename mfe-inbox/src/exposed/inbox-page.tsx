import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { Message, StreamEvent } from '@phonehaat/shared-api';
import { paths, PhoneGate } from '@phonehaat/shared-auth';
import { ApiRequestError, invalidateReads, loadLive, QueryView, useAction, useApiQuery } from '@phonehaat/shared-data';
import { Container, ErrorState, PageHeader, PageSpinner, buttonClass } from '@phonehaat/shared-ui';
import { Conversation } from '../features/conversation/components/conversation';
import { flush } from '../features/conversation/outbox';
import { delivered, prefetchConversations, seenByMe, seenByOther, threadChanged, useConversation } from '../features/threads/api/conversation-cache';
import { markSeen, openThread, setBlocked } from '../features/threads/api/threads';
import { ThreadList } from '../features/threads/components/thread-list';
import { useT } from '../i18n';
import styles from './inbox-page.module.css';

/** The open conversation's id in the address (`/inbox/:id`); none for the list, or `new` (being opened). */
const openId = (id: string | undefined) => (id && id !== 'new' ? id : undefined);

/** Runs before the page shows (the shell's route, or its server composing the page): the conversations, and the open one, into the cache. */
export async function loader({ params }: LoaderFunctionArgs) {
  await prefetchConversations(openId(params.id));
  return null;
}

/** Live: messages and "seen" as they happen; what waited to be sent goes when the stream (or the network) is back. */
function useLiveConversations(openRef: { current: string | undefined }) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const arrived = (message: Message) => delivered(message, openRef.current);
    const onEvent = (event: StreamEvent) => {
      if (event.type === 'message') arrived(event.message);
      if (event.type === 'ready') flush(arrived);
      if (event.type === 'seen') seenByOther(event.threadId, event.by, event.upTo);
    };
    void loadLive().then(({ subscribe }) => {
      if (!cancelled) stop = subscribe(onEvent);
    });
    const online = () => flush(arrived);
    window.addEventListener('online', online);
    flush(arrived);
    return () => {
      cancelled = true;
      stop?.();
      window.removeEventListener('online', online);
    };
  }, [openRef]);
}

/** `/inbox`, `/inbox/:id` and `/inbox/new?listing=…`: the person's conversations and the open one, live. */
export default function InboxPage() {
  const t = useT();
  const { id: param } = useParams();
  const id = openId(param);
  const threads = useApiQuery('listThreads');
  const { read: thread, detail } = useConversation(id);
  const openRef = useRef(id);
  openRef.current = id;
  useLiveConversations(openRef);

  // Seen: the other person's newest message, once it is on screen.
  const lastFromOther = detail?.messages.filter((message) => message.senderId === detail.thread.other._id).at(-1)?._id;
  useEffect(() => {
    if (!detail || !lastFromOther) return;
    const threadId = detail.thread._id;
    void markSeen(threadId, lastFromOther).then(() => seenByMe(threadId), () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail?.thread._id, lastFromOther]);

  const blocking = useAction(setBlocked);
  const onBlock = (blocked: boolean) => {
    if (!detail) return;
    blocking.run(detail.thread._id, blocked).then(threadChanged, () => invalidateReads('getThread'));
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
          <QueryView
            query={threads}
            loading={<PageSpinner label={t('page.loading')} />}
            isEmpty={(list) => list.length === 0}
            empty={{
              title: t('page.emptyTitle'),
              message: t('page.empty'),
              action: (
                <Link className={buttonClass('primary')} to={paths.home}>
                  {t('page.browse')}
                </Link>
              ),
            }}
          >
            {(list) => <ThreadList threads={list} activeId={id} />}
          </QueryView>
        </div>
        {id && (
          <div className={styles.thread}>
            <QueryView query={{ ...thread, data: detail }} loading={<PageSpinner label={t('thread.loading')} />}>
              {(shown) => (
                <Conversation
                  thread={shown.thread}
                  messages={shown.messages}
                  onDelivered={(message) => delivered(message, openRef.current)}
                  onBlock={onBlock}
                  onEarlier={shown.hasOlder ? () => thread.fetchNextPage({ throwOnError: true }).then(() => undefined) : undefined}
                />
              )}
            </QueryView>
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
  // Opening is a change (a conversation made, or found): the list is read again with it.
  const { run } = useAction(openThread, { invalidates: ['listThreads'] });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    run(listing, buyer).then(
      (opened) => !cancelled && navigate(paths.inbox(opened._id), { replace: true }),
      (failure: unknown) => !cancelled && setError(failure instanceof ApiRequestError ? failure.message : t('page.openFailed')),
    );
    return () => {
      cancelled = true;
    };
  }, [listing, buyer, navigate, t, run]);
  if (error) return <ErrorState message={error} />;
  return <PageSpinner label={t('page.opening')} />;
}

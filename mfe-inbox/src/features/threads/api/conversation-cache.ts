// What the person's conversations are in the cache (issue 67), and what a live event or the page's own change does to
// them there: the list (`listThreads`) and each open conversation, read page by page (`getThread`, newest first).
import type { Message, Thread, ThreadDetail } from '@phonehaat/shared-api';
import { invalidateReads, prefetchApi, prefetchApiPages, updatePages, updateRead, useApiPages, type ApiPagesOptions } from '@phonehaat/shared-data';

/** The cache's key of one conversation's pages. */
const threadKey = (id: string) => ({ params: { id } });

/** A conversation's pages: each the messages before the oldest of the page after it. */
const pagesOf = (id: string): ApiPagesOptions<'getThread', string> => ({
  next: (page) => (page.hasOlder ? page.messages[0]?._id : undefined),
  at: (before) => ({ params: { id }, query: { before } }),
});

/** For the page's loader: the conversations, and the open one's newest messages. */
export const prefetchConversations = (id: string | undefined) =>
  Promise.all([prefetchApi('listThreads'), id ? prefetchApiPages('getThread', threadKey(id), pagesOf(id).at(undefined)) : undefined]);

/** One conversation as the page shows it: its newest state, every message read so far in order, and whether there are older. */
export function useConversation(id: string | undefined) {
  const read = useApiPages('getThread', threadKey(id ?? ''), { ...pagesOf(id ?? ''), enabled: id !== undefined });
  const pages = read.data?.pages;
  const detail: ThreadDetail | undefined = pages?.[0] && {
    thread: pages[0].thread,
    messages: [...pages].reverse().flatMap((page) => page.messages),
    hasOlder: pages.at(-1)!.hasOlder,
  };
  return { read, detail };
}

/** Adds a message to a list once (the stream and the send's answer may both bring it), in id order. */
export const withMessage = (messages: Message[], message: Message) =>
  messages.some((m) => m._id === message._id) ? messages : [...messages, message].sort((a, b) => (BigInt(a._id) < BigInt(b._id) ? -1 : 1));

/** The newest page of a conversation changed (a message, "seen", a block); the older ones stay as read. */
const changeNewest = (id: string, change: (page: ThreadDetail) => ThreadDetail) => updatePages('getThread', threadKey(id), (pages) => (pages.length ? [change(pages[0]!), ...pages.slice(1)] : pages));

/**
 * A message stored (sent from here, or arrived on the stream): into its conversation if it is read, and to the top of
 * the list, counted unread unless it is the person's own or its conversation is open. A conversation the list does
 * not have (someone has just started it) is read again.
 */
export function delivered(message: Message, openId: string | undefined) {
  changeNewest(message.threadId, (page) => ({ ...page, messages: withMessage(page.messages, message) }));
  updateRead('listThreads', undefined, (list) => {
    const found = list.find((item) => item._id === message.threadId);
    if (!found) {
      invalidateReads('listThreads');
      return list;
    }
    const mine = message.senderId !== found.other._id;
    const updated = { ...found, lastMessage: message, unread: mine || message.threadId === openId ? found.unread : found.unread + 1 };
    return [updated, ...list.filter((item) => item._id !== message.threadId)];
  });
}

/** The other person has seen the person's messages up to `upTo`. */
export const seenByOther = (id: string, by: string, upTo: string) =>
  changeNewest(id, (page) => (by === page.thread.other._id ? { ...page, thread: { ...page.thread, seenByOther: upTo } } : page));

/** The conversation as a change answered it (blocked, unblocked). */
export const threadChanged = (thread: Thread) => changeNewest(thread._id, (page) => ({ ...page, thread }));

/** The person has read a conversation: nothing unread in it, and the navbar's count is read again. */
export function seenByMe(id: string) {
  updateRead('listThreads', undefined, (list) => list.map((item) => (item._id === id ? { ...item, unread: 0 } : item)));
  invalidateReads('countUnreadThreads');
}

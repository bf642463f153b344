import type { FastifyBaseLogger } from 'fastify';
import type { Message, Notification, StreamEvent } from '@phonehaat/shared-api';
import type { Database } from '../../db/client.ts';
import type { NotificationsRepository, Told } from '../notifications/index.ts';
import type { ThreadsRepository } from './repositories/threads.ts';

export const CONVERSATIONS_CHANNEL = 'phonehaat_conversations';
/** NOTIFY carries at most 8,000 bytes: a longer note names the message, and each instance reads it. */
const MAX_NOTE_BYTES = 7000;
/** Each a person's id and a notification's, quoted: at most 61 bytes, so 100 fit a note. */
const IDS_PER_NOTE = 100;

/** What one instance tells every instance (through NOTIFY on PostgreSQL, to itself on PGlite). */
type Note =
  | { kind: 'message'; to: string[]; id: string; message?: Message }
  | { kind: 'seen'; to: string[]; threadId: string; by: string; upTo: string }
  | { kind: 'notifications'; to: string[]; items: { userId: string; notification: Notification }[] }
  | { kind: 'notification-ids'; /** Each id's person. */ to: string[]; ids: string[] };

export interface Subscriber {
  send(event: StreamEvent, id?: string): void;
  /** Ends the stream: the browser reconnects and catches up (after this instance's listener lost messages). */
  close(): void;
}

/**
 * The live side of conversations: each instance keeps the streams open on it by person, and hears every message and
 * "seen" from every instance through PostgreSQL's LISTEN/NOTIFY (what the instances already share; decision 021). A
 * listener that was dropped may have missed notes: it ends its streams, whose browsers reconnect and catch up from the
 * last message they had. PGlite is one process: notes go straight to its own streams.
 */
export function createHub(
  database: Database,
  repos: { threads: ThreadsRepository; notifications: Pick<NotificationsRepository, 'byIds'> },
  log: FastifyBaseLogger,
) {
  const { threads } = repos;
  const subscribers = new Map<string, Set<Subscriber>>();
  const local = (userId: string) => subscribers.get(userId);

  async function deliver(note: Note) {
    const here = note.to.flatMap((userId) => [...(local(userId) ?? [])]);
    if (here.length === 0) return;
    if (note.kind === 'notifications' || note.kind === 'notification-ids') {
      const items = note.kind === 'notifications' ? note.items : await repos.notifications.byIds(note.ids.filter((_, i) => local(note.to[i]!)));
      for (const { userId, notification } of items)
        for (const subscriber of local(userId) ?? []) subscriber.send({ type: 'notification', notification });
      return;
    }
    if (note.kind === 'seen') {
      for (const subscriber of here) subscriber.send({ type: 'seen', threadId: note.threadId, by: note.by, upTo: note.upTo });
      return;
    }
    const message = note.message ?? (await threads.messageWithParties(note.id))?.message;
    if (!message) return;
    for (const subscriber of here) subscriber.send({ type: 'message', message }, message._id);
  }
  const closeAll = () => {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.close();
  };
  const deliverLogged = (note: Note) => deliver(note).catch((error: Error) => log.warn({ err: error }, 'could not deliver a conversation event'));

  async function publish(note: Note) {
    if (!database.notify) return void (await deliverLogged(note));
    let payload = JSON.stringify(note);
    if (Buffer.byteLength(payload) > MAX_NOTE_BYTES && note.kind === 'message') payload = JSON.stringify({ ...note, message: undefined });
    await database.notify(CONVERSATIONS_CHANNEL, payload);
  }

  return {
    /** A message stored: to both people of its thread, on whichever instance their streams are. */
    message: (message: Message, to: string[]) => publish({ kind: 'message', to, id: message._id, message }),
    seen: (threadId: string, by: string, upTo: string, to: string[]) => publish({ kind: 'seen', to, threadId, by, upTo }),
    /**
     * Notifications (issue 27) to their people's streams: as few notes as fit in NOTIFY's 8,000 bytes (a new listing
     * may tell hundreds of saved searches' owners at once).
     */
    async notifications(items: { userId: string; notification: Notification }[]): Promise<void> {
      let batch: typeof items = [];
      let bytes = 0;
      const flush = async () => {
        if (batch.length) await publish({ kind: 'notifications', to: [...new Set(batch.map((item) => item.userId))], items: batch });
        batch = [];
        bytes = 0;
      };
      for (const item of items) {
        const size = Buffer.byteLength(JSON.stringify(item)) + 50;
        if (bytes + size > MAX_NOTE_BYTES) await flush();
        batch.push(item);
        bytes += size;
      }
      await flush();
    },

    /**
     * Notifications named by id (hundreds at once, a new listing's saved searches): a note lists each one's person and
     * id, and an instance reads only those of the people whose streams are open on it.
     */
    async notificationIds(items: Told[]): Promise<void> {
      for (let start = 0; start < items.length; start += IDS_PER_NOTE) {
        const batch = items.slice(start, start + IDS_PER_NOTE);
        await publish({ kind: 'notification-ids', to: batch.map((item) => item.userId), ids: batch.map((item) => item.id) });
      }
    },

    subscribe(userId: string, subscriber: Subscriber): () => void {
      const set = local(userId) ?? new Set();
      set.add(subscriber);
      subscribers.set(userId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
      };
    },

    /** Open streams on this instance. */
    size: () => [...subscribers.values()].reduce((sum, set) => sum + set.size, 0),

    closeAll,

    /** Starts hearing the other instances; answers what stops it. */
    async connect(): Promise<() => Promise<void>> {
      if (!database.listen) return async () => undefined;
      let connectedBefore = false;
      let lostLogged = false;
      return database.listen(CONVERSATIONS_CHANNEL, {
        onMessage: (payload) => {
          try {
            void deliverLogged(JSON.parse(payload) as Note);
          } catch (error) {
            log.warn({ err: error }, 'an unreadable conversation note');
          }
        },
        onConnected: () => {
          if (connectedBefore) {
            log.info('conversation listener reconnected; streams closed so that browsers catch up');
            closeAll();
          }
          connectedBefore = true;
          lostLogged = false;
        },
        onLost: (error) => {
          if (!lostLogged) log.warn({ err: error }, 'conversation listener lost its connection; reconnecting');
          lostLogged = true;
        },
      });
    },
  };
}
export type Hub = ReturnType<typeof createHub>;

// The live stream of the signed-in person's events (issue 26: messages and "seen"; issue 27: notifications): one
// EventSource per tab, whoever listens (the shell's navbar, the inbox slice). Loaded on demand through `loadLive()` in
// the package's entry, so it is one module instance in the shared singleton and visitors never load it. What an event
// changes is read again through the cache (the unread counts, a parcel's delivery): every screen showing it follows.
// EventSource cannot send a bearer token: each connection asks the API for a short-lived ticket first. On any drop it
// reconnects by itself (back-off up to 15 s, at once when the browser is back online) and asks for what it missed
// after the last message it had; a message that comes twice is passed on once.
import type { StreamEvent } from '@phonehaat/shared-api';
import { api, apiUrl } from '../api-client';
import { onPersonChange, signedIn } from '../credentials';
import { invalidateReads } from '../query/public';

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'offline';

let status: LiveStatus = 'idle';

type Listener = (event: StreamEvent) => void;
const listeners = new Set<Listener>();
const MAX_KEPT_IDS = 1000;
const seenIds = new Set<string>();
let lastId: string | undefined;
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let running = false;
let generation = 0;

const setStatus = (next: LiveStatus) => {
  status = next;
};

let countTimer: ReturnType<typeof setTimeout> | undefined;
let bellTimer: ReturnType<typeof setTimeout> | undefined;
/** The unread conversations' count is read again, soon (several events in a burst make one request). */
function refreshUnread(): void {
  clearTimeout(countTimer);
  countTimer = setTimeout(() => invalidateReads('countUnreadThreads'), 50);
}
/** The bell's count again, soon (after a notification or a reconnect). */
function refreshNotifications(): void {
  clearTimeout(bellTimer);
  bellTimer = setTimeout(() => invalidateReads('countUnreadNotifications'), 50);
}

function dispatch(event: StreamEvent) {
  if (event.type === 'message') {
    if (seenIds.has(event.message._id)) return;
    seenIds.add(event.message._id);
    if (seenIds.size > MAX_KEPT_IDS) seenIds.delete(seenIds.values().next().value!);
    if (!lastId || BigInt(event.message._id) > BigInt(lastId)) lastId = event.message._id;
  }
  if (event.type === 'notification') refreshNotifications();
  else if (event.type !== 'ready') refreshUnread();
  for (const listener of [...listeners]) listener(event);
}

function scheduleReconnect(delayMs?: number) {
  if (!running || retryTimer) return;
  const delay = delayMs ?? Math.min(15_000, 500 * 2 ** attempt);
  attempt++;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void connect();
  }, delay);
}

async function connect(): Promise<void> {
  const mine = ++generation;
  source?.close();
  source = undefined;
  setStatus('connecting');
  let ticket: string;
  try {
    ({ ticket } = await api.createStreamTicket());
  } catch {
    if (mine === generation) {
      setStatus('offline');
      scheduleReconnect();
    }
    return;
  }
  if (mine !== generation || !running) return;
  const url = await apiUrl('openStream', { query: { ticket, ...(lastId ? { after: lastId } : {}) } });
  if (mine !== generation || !running) return;
  const stream = new EventSource(url);
  source = stream;
  const handle = (message: MessageEvent<string>) => {
    try {
      dispatch(JSON.parse(message.data) as StreamEvent);
    } catch {
      // Not ours to show: an event this version does not know.
    }
  };
  stream.addEventListener('message', handle);
  stream.addEventListener('seen', handle);
  stream.addEventListener('notification', handle);
  stream.addEventListener('ready', (message) => {
    attempt = 0;
    setStatus('live');
    // Caught up: the counts again, for whatever happened while the stream was down.
    refreshUnread();
    refreshNotifications();
    handle(message);
  });
  stream.onerror = () => {
    // The browser would retry with the same (soon expired) ticket: this client reconnects with a new one instead.
    stream.close();
    if (source !== stream) return;
    source = undefined;
    setStatus('offline');
    scheduleReconnect();
  };
}

const onOnline = () => {
  if (!running || status === 'live') return;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  attempt = 0;
  void connect();
};

function start() {
  if (running || typeof window === 'undefined') return;
  running = true;
  window.addEventListener('online', onOnline);
  void connect();
}

function stop() {
  running = false;
  generation++;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = undefined;
  lastId = undefined;
  seenIds.clear();
  window.removeEventListener('online', onOnline);
  setStatus('idle');
}

/** Hears the person's live events while subscribed; the stream runs while anyone listens and someone is signed in. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (signedIn()) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

// Signing out (or in as someone else) stops the stream (its ticket was someone else's); signing in starts it again for
// those listening.
onPersonChange((now) => {
  stop();
  if (now !== null && listeners.size > 0) start();
});

/** Whether the stream is connected now (a message written meanwhile waits, "sending"). */
export const isLive = () => status === 'live';

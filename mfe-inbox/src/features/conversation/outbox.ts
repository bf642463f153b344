// Messages written but not yet stored (issue 26, flaky networks): each has the id its browser made, kept in this tab's
// storage, so a message written while the connection is down shows as "sending" and is sent when it is back (and after
// a reload), stored once however many times it is sent. A refusal from the server keeps the text, with the reason.
import { createStore, useStore } from 'zustand';
import type { Message } from '@phonehaat/shared-api';
import { ApiRequestError } from '@phonehaat/shared-data';
import { sendMessage } from '../threads';

export interface Pending {
  clientId: string;
  threadId: string;
  body: string;
  createdAt: string;
  /** sending: waiting for the network or the server; failed: refused, with why. */
  state: 'sending' | 'failed';
  error?: string;
}

const STORAGE_KEY = 'phonehaat:outbox';
const read = (): Pending[] => {
  try {
    return typeof sessionStorage === 'undefined' ? [] : ((JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Pending[]) ?? []);
  } catch {
    return [];
  }
};

export const outbox = createStore<{ pending: Pending[] }>(() => ({ pending: read() }));
outbox.subscribe(({ pending }) => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Private mode or full: kept in memory for this page.
  }
});

const update = (clientId: string, change: Partial<Pending> | null) =>
  outbox.setState(({ pending }) => ({
    pending: change === null ? pending.filter((p) => p.clientId !== clientId) : pending.map((p) => (p.clientId === clientId ? { ...p, ...change } : p)),
  }));

type Delivered = (message: Message) => void;
const inFlight = new Set<string>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Tries one pending message: stored → handed to `delivered`; refused → failed, with the server's reason; no network → later. */
async function attempt(item: Pending, delivered: Delivered): Promise<void> {
  if (inFlight.has(item.clientId)) return;
  inFlight.add(item.clientId);
  try {
    const message = await sendMessage(item.threadId, item.clientId, item.body);
    update(item.clientId, null);
    delivered(message);
  } catch (error) {
    const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 429;
    if (refused) update(item.clientId, { state: 'failed', error: error.message });
    else {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => flush(delivered), 3000);
    }
  } finally {
    inFlight.delete(item.clientId);
  }
}

/** Sends every message still "sending" (at start, when the network or the stream is back, and every few seconds). */
export function flush(delivered: Delivered): void {
  for (const item of outbox.getState().pending) if (item.state === 'sending') void attempt(item, delivered);
}

/** Writes a message: shown at once as "sending", then sent (now, or when it can be). */
export function write(threadId: string, body: string, delivered: Delivered): void {
  const item: Pending = { clientId: crypto.randomUUID(), threadId, body, createdAt: new Date().toISOString(), state: 'sending' };
  outbox.setState(({ pending }) => ({ pending: [...pending, item] }));
  void attempt(item, delivered);
}

/** Sends a refused message again (after the reason was dealt with), or gives it up. */
export function retry(clientId: string, delivered: Delivered): void {
  update(clientId, { state: 'sending', error: undefined });
  const item = outbox.getState().pending.find((p) => p.clientId === clientId);
  if (item) void attempt(item, delivered);
}
export const discard = (clientId: string) => update(clientId, null);

export const usePending = (threadId: string) => useStore(outbox, ({ pending }) => pending).filter((item) => item.threadId === threadId);

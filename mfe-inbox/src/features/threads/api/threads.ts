import type { Message, Thread, ThreadDetail } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /threads — the person's conversations, newest first. */
export const getThreads = () => http.get<Thread[]>('/threads');

/** GET /threads/:id — one conversation and its newest messages (or those before a message). */
export const getThread = (threadId: string, before?: string) =>
  http.get<ThreadDetail>(`/threads/${encodeURIComponent(threadId)}${before ? `?before=${encodeURIComponent(before)}` : ''}`);

/** POST /threads — the conversation about a listing (a buyer's with its seller, or its seller's with a buyer who booked). */
export const openThread = (productId: string, buyerId?: string) => http.post<Thread>('/threads', { productId, ...(buyerId ? { buyerId } : {}) });

/** POST /threads/:id/messages — stored once per clientId, however many times it is sent. */
export const sendMessage = (threadId: string, clientId: string, body: string) =>
  http.post<Message>(`/threads/${encodeURIComponent(threadId)}/messages`, { clientId, body });

/** POST /threads/:id/seen — the person has seen the messages up to this one. */
export const markSeen = (threadId: string, upTo: string) => http.post(`/threads/${encodeURIComponent(threadId)}/seen`, { upTo });

/** POST or DELETE /threads/:id/block — the other person may (not) write any more. */
export const setBlocked = (threadId: string, blocked: boolean) =>
  blocked ? http.post<Thread>(`/threads/${encodeURIComponent(threadId)}/block`) : http.delete<Thread>(`/threads/${encodeURIComponent(threadId)}/block`);

/** POST /messages/:id/report — the other person's message, to PhoneHaat's Reports queue. */
export const reportMessage = (messageId: string, reason: 'scam' | 'offensive' | 'other', note: string) =>
  http.post(`/messages/${encodeURIComponent(messageId)}/report`, { reason, note });

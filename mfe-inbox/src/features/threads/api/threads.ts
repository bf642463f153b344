import { api } from '@phonehaat/shared-data';

/** The person's conversations, newest first. */
export const getThreads = () => api.listThreads();

/** One conversation and its newest messages (or those before a message). */
export const getThread = (threadId: string, before?: string) =>
  api.getThread({ params: { id: threadId }, query: { before } });

/** The conversation about a listing (a buyer's with its seller, or its seller's with a buyer who booked). */
export const openThread = (productId: string, buyerId?: string) => api.openThread({ body: { productId, ...(buyerId ? { buyerId } : {}) } });

/** Stored once per clientId, however many times it is sent. */
export const sendMessage = (threadId: string, clientId: string, body: string) =>
  api.sendMessage({ params: { id: threadId }, body: { clientId, body } });

/** The person has seen the messages up to this one. */
export const markSeen = (threadId: string, upTo: string) => api.markThreadSeen({ params: { id: threadId }, body: { upTo } });

/** The other person may (not) write any more. */
export const setBlocked = (threadId: string, blocked: boolean) =>
  (blocked ? api.blockInThread : api.unblockInThread)({ params: { id: threadId } });

/** The other person's message, to PhoneHaat's Reports queue. */
export const reportMessage = (messageId: string, reason: 'scam' | 'offensive' | 'other', note: string) =>
  api.reportMessage({ params: { id: messageId }, body: { reason, note } });

import type { EmailKind, EmailSettings, NotificationPage, Unsubscribed } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /notifications — the newest first; `before` pages back from a notification. */
export const getNotifications = (before?: string) =>
  http.get<NotificationPage>(`/notifications${before ? `?before=${encodeURIComponent(before)}` : ''}`);

/** POST /notifications/read — these, or all of them. */
export const markRead = (ids?: string[]) => http.post<{ modifiedCount: number }>('/notifications/read', ids ? { ids } : {});

/** GET /me/email-settings — which kinds of e-mail the person gets. */
export const getEmailSettings = () => http.get<EmailSettings>('/me/email-settings');

/** PUT /me/email-settings — one kind on or off. */
export const setEmail = (kind: EmailKind, enabled: boolean) => http.put<EmailSettings>('/me/email-settings', { email: { [kind]: enabled } });

/** POST /unsubscribe — an e-mail's link, confirmed with a click; no sign-in. */
export const unsubscribe = (token: string) => http.post<Unsubscribed>(`/unsubscribe?token=${encodeURIComponent(token)}`);

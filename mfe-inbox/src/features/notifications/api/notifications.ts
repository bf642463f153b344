import type { EmailKind } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** These, or all of them. */
export const markRead = (ids?: string[]) => api.markNotificationsRead({ body: ids ? { ids } : {} });

/** One kind on or off. */
export const setEmail = (kind: EmailKind, enabled: boolean) => api.updateEmailSettings({ body: { email: { [kind]: enabled } } });

/** An e-mail's link, confirmed with a click; no sign-in. */
export const unsubscribe = (token: string) => api.unsubscribeEmail({ query: { token } });

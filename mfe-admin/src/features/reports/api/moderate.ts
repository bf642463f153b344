import { api } from '@phonehaat/shared-auth';

/** The listing's open reports were unfounded. */
export const dismissReports = (productId: string) => api.dismissReports({ params: { productId } });

/**
 * PhoneHaat removes the listing; its seller sees the reason. `stolen` confirms a
 * "Suspected stolen" report: the phone's IMEI is blocked too.
 */
export const removeListing = (productId: string, reason: string, stolen = false) =>
  api.removeListing({ params: { id: productId }, body: stolen ? { reason, stolen } : { reason } });

/** PhoneHaat removes a reported message from its conversation, with a reason. */
export const removeMessage = (messageId: string, reason: string) => api.removeMessage({ params: { id: messageId }, body: { reason } });

/** Tells the shell (its drawer's badge) that the queue changed. */
export const announceModeration = () => window.dispatchEvent(new Event('phonehaat:moderation'));

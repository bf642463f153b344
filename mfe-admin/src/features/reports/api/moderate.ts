import { api } from '@phonehaat/shared-data';

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

/** What a moderation changes: the reports (this page, the shell's badge) and the listings a removal takes away. */
export const MODERATION_CHANGES = ['listReports', 'listAdvertised', 'searchProducts', 'listBrandProducts', 'getProduct'] as const;

/** Holds a message's sender for review (issue 70): their new conversations wait until released. */
export const holdSender = (userId: string) => api.holdSender({ params: { id: userId } });

/** Releases a held sender: what they wrote while held is delivered. */
export const releaseSender = (userId: string) => api.releaseSender({ params: { id: userId } });

/** What holding or releasing changes: the held list and the reports that show who is held. */
export const HOLD_CHANGES = ['listSenderHolds', 'listReports'] as const;

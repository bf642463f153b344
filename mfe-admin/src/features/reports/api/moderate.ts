import type { Acknowledged, ModifiedCount, RemovedListing } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /reports/:productId/dismiss — the listing's open reports were unfounded. */
export const dismissReports = (productId: string) => http.post<ModifiedCount>(`/reports/${productId}/dismiss`);

/**
 * DELETE /admin/products/:id — PhoneHaat removes the listing; its seller sees the reason. `stolen` confirms a
 * "Suspected stolen" report: the phone's IMEI is blocked too.
 */
export const removeListing = (productId: string, reason: string, stolen = false) =>
  http.delete<RemovedListing>(`/admin/products/${productId}`, { body: stolen ? { reason, stolen } : { reason } });

/** DELETE /admin/messages/:id — PhoneHaat removes a reported message from its conversation, with a reason. */
export const removeMessage = (messageId: string, reason: string) => http.delete<Acknowledged>(`/admin/messages/${messageId}`, { body: { reason } });

/** Tells the shell (its drawer's badge) that the queue changed. */
export const announceModeration = () => window.dispatchEvent(new Event('phonehaat:moderation'));

import { api } from '@phonehaat/shared-data';

/** The seller's NEIR step at the handover (issue 68): the phone de-registered from their NID, recorded with the sale. */
export const recordDeregistration = (bookingId: string) => api.recordNeirStep({ params: { id: bookingId }, body: {} });

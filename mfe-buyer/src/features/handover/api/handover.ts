import type { NeirStepBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** A link the buyer opens on the phone in their hand: a minute's check, compared with the listing's (issue 68). */
export const startHandoverCheck = (bookingId: string) => api.startHandoverCheck({ params: { id: bookingId } });

/** The buyer's NEIR step: the KYD check, with the IMEI it read. */
export const recordKyd = (bookingId: string, body: NeirStepBody) => api.recordNeirStep({ params: { id: bookingId }, body });

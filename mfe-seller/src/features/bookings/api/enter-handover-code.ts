import type { HandoverCodeBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The buyer's six-digit code, entered at the meeting: the held money is released. */
export const enterHandoverCode = (bookingId: string, body: HandoverCodeBody) => api.enterHandoverCode({ params: { id: bookingId }, body });

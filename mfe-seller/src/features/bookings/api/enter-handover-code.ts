import type { HandoverCodeBody } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /bookings/:id/handover — the buyer's six-digit code, entered at the meeting: the held money is released. */
export const enterHandoverCode = (bookingId: string, body: HandoverCodeBody) => http.post<{ released: true }>(`/bookings/${bookingId}/handover`, body);

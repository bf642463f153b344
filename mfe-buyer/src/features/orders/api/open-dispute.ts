import type { Inserted, NewDisputeBody, Photo } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /uploads — one photo of what the buyer was shown, as multipart/form-data (the server judges its bytes). */
export function uploadPhoto(file: File): Promise<Photo> {
  const form = new FormData();
  form.append('photo', file, file.name);
  return http.upload<Photo>('/uploads', form);
}

/** POST /bookings/:id/dispute — the money then waits for PhoneHaat's team. */
export const openDispute = (bookingId: string, body: NewDisputeBody) => http.post<Inserted>(`/bookings/${encodeURIComponent(bookingId)}/dispute`, body);

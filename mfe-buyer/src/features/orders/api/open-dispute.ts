import type { NewDisputeBody, Photo } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** One photo of what the buyer was shown, as multipart/form-data (the server judges its bytes). */
export function uploadPhoto(file: File): Promise<Photo> {
  const form = new FormData();
  form.append('photo', file, file.name);
  return api.uploadPhoto({ body: form });
}

/** The money then waits for PhoneHaat's team. */
export const openDispute = (bookingId: string, body: NewDisputeBody) => api.openDispute({ params: { id: bookingId }, body });

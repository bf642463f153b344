import type { Photo } from '@phonehaat/shared-api';
import { http, type UploadOptions } from '@phonehaat/shared-auth';

/** POST /uploads — one photo, as multipart/form-data; the server decides its type from its bytes. */
export function uploadPhoto(file: Blob, name: string, options?: UploadOptions): Promise<Photo> {
  const form = new FormData();
  form.append('photo', file, name);
  return http.upload<Photo>('/uploads', form, options);
}

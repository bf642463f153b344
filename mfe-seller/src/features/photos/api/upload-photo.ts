import type { Photo } from '@phonehaat/shared-api';
import { api, type RequestOptions } from '@phonehaat/shared-data';

/** One photo, as multipart/form-data; the server decides its type from its bytes. */
export function uploadPhoto(file: Blob, name: string, options?: Pick<RequestOptions, 'onProgress' | 'signal'>): Promise<Photo> {
  const form = new FormData();
  form.append('photo', file, name);
  return api.uploadPhoto({ body: form }, options);
}

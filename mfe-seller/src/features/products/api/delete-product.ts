import type { DeletedCount } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** DELETE /postedproduct/:id — removes the listing; a sold phone's order history stays. */
export const deleteProduct = (id: string) => http.delete<DeletedCount>(`/postedproduct/${encodeURIComponent(id)}`);

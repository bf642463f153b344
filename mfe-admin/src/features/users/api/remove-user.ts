import type { DeletedCount } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/**
 * DELETE /seller/:id or /buyer/:id — removes the account and switches off its sign-in; a seller's
 * listings leave the storefront with it.
 */
export const removeUser = (kind: 'seller' | 'buyer', id: string) => http.delete<DeletedCount>(`/${kind}/${encodeURIComponent(id)}`);

import type { ModifiedCount } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** PUT /seller/verify/:id — the seller's listings then carry the verified badge. */
export const verifySeller = (id: string) => http.put<ModifiedCount>(`/seller/verify/${encodeURIComponent(id)}`);

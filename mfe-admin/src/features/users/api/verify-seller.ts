import { api } from '@phonehaat/shared-auth';

/** The seller's listings then carry the verified badge. */
export const verifySeller = (id: string) => api.verifySeller({ params: { id } });

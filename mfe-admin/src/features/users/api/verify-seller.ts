import { api } from '@phonehaat/shared-data';

/** The seller's listings then carry the verified badge. */
export const verifySeller = (id: string) => api.verifySeller({ params: { id } });

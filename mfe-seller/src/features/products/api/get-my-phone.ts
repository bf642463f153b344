import { api } from '@phonehaat/shared-data';

/** The seller's verified phone number, if any: listing needs one (issue 46). */
export const getMyPhone = () => api.getMyPhone();

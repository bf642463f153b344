import { api } from '@phonehaat/shared-auth';

/** The seller's verified phone number, if any: listing needs one (issue 46). */
export const getMyPhone = () => api.getMyPhone();

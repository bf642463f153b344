import { api } from '@phonehaat/shared-auth';

/** The account's verified phone number, if any. */
export const getMyPhone = () => api.getMyPhone();

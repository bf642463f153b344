import { api } from '@phonehaat/shared-data';

/** The account's verified phone number, if any. */
export const getMyPhone = () => api.getMyPhone();

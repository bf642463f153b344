import { api } from '@phonehaat/shared-data';

/** PhoneHaat's fee, and the lower one of a new seller's first sales: the banner's figures. */
export const getFees = () => api.getFeeSchedule();

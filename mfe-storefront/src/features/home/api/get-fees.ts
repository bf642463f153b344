import type { FeeSchedule } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';
import { homePaths } from './paths';

/** GET /fees — PhoneHaat's fee, and the lower one of a new seller's first sales: the banner's figures. */
export const getFees = () => http.get<FeeSchedule>(homePaths.fees);

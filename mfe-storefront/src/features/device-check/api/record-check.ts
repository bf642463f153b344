import type { CheckReportBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** The check's report, sent once from the phone (the link's token is the key: no sign-in on this phone). */
export const recordCheck = (token: string, body: CheckReportBody) => api.recordDeviceCheck({ params: { token }, body });

/** What the check's page reads its link with. */
export const checkInput = (token: string) => ({ params: { token } });

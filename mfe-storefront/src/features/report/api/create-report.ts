import type { Inserted, NewReportBody } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /reports — tell PhoneHaat something is wrong with a listing. */
export const createReport = (report: NewReportBody) => http.post<Inserted>('/reports', report);

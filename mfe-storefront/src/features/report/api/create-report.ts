import type { NewReportBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** Tell PhoneHaat something is wrong with a listing. */
export const createReport = (report: NewReportBody) => api.createReport({ body: report });

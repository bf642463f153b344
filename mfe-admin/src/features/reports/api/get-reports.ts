import type { ReportPage } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

export const REPORTS_PAGE_SIZE = 10;

/** GET /reports — reported listings, open (most-reported first) or resolved, one page. */
export const getReports = (status: 'open' | 'resolved', page: number) =>
  http.get<ReportPage>(`/reports?status=${status}&page=${page}&limit=${REPORTS_PAGE_SIZE}`);

export const useReports = (status: 'open' | 'resolved', page: number) => useApi(() => getReports(status, page), [status, page]);

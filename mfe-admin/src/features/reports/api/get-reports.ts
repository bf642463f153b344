import { api, useApi } from '@phonehaat/shared-auth';

export const REPORTS_PAGE_SIZE = 10;

/** Reported listings, open (most-reported first) or resolved, one page. */
export const getReports = (status: 'open' | 'resolved', page: number) =>
  api.listReports({ query: { status, page, limit: REPORTS_PAGE_SIZE } });

export const useReports = (status: 'open' | 'resolved', page: number) => useApi(() => getReports(status, page), [status, page]);

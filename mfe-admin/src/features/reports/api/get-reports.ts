import { useApiQuery } from '@phonehaat/shared-data';

export const REPORTS_PAGE_SIZE = 10;

/** Reported listings, open (most-reported first) or resolved, one page, from the cache every slice reads. */
export const useReports = (status: 'open' | 'resolved', page: number) => useApiQuery('listReports', { query: { status, page, limit: REPORTS_PAGE_SIZE } });

/** The people held for review now, oldest first (issue 70). */
export const useSenderHolds = () => useApiQuery('listSenderHolds');

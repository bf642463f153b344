import { useApiQuery } from '@phonehaat/shared-data';

export const AUDIT_PAGE_SIZE = 25;

/** What admins did, newest first, one page. */
export const useAudit = (page: number) => useApiQuery('listAuditEntries', { query: { page, limit: AUDIT_PAGE_SIZE } });

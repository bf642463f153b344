import { api, useApi } from '@phonehaat/shared-data';

export const AUDIT_PAGE_SIZE = 25;

/** What admins did, newest first, one page. */
export const getAudit = (page: number) => api.listAuditEntries({ query: { page, limit: AUDIT_PAGE_SIZE } });

export const useAudit = (page: number) => useApi(() => getAudit(page), [page]);

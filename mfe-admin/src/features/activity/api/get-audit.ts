import type { AuditPage } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

export const AUDIT_PAGE_SIZE = 25;

/** GET /audit — what admins did, newest first, one page. */
export const getAudit = (page: number) => http.get<AuditPage>(`/audit?page=${page}&limit=${AUDIT_PAGE_SIZE}`);

export const useAudit = (page: number) => useApi(() => getAudit(page), [page]);

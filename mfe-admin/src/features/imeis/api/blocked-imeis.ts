import type { BlockedImeiPage, Inserted, ModifiedCount } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

export const BLOCKED_PAGE_SIZE = 25;

/** GET /admin/blocked-imeis — phones that cannot be listed, newest first, one page. */
export const getBlockedImeis = (page: number) => http.get<BlockedImeiPage>(`/admin/blocked-imeis?page=${page}&limit=${BLOCKED_PAGE_SIZE}`);
export const useBlockedImeis = (page: number) => useApi(() => getBlockedImeis(page), [page]);

/** POST /admin/blocked-imeis — block a phone by hand; its live listing, if any, is removed with the reason. */
export const blockImei = (imei: string, reason: string) => http.post<Inserted>('/admin/blocked-imeis', { imei, reason });

/** DELETE /admin/blocked-imeis/:id — the phone may be listed again. */
export const unblockImei = (id: string, reason: string) => http.delete<ModifiedCount>(`/admin/blocked-imeis/${encodeURIComponent(id)}`, { body: { reason } });

import { api, useApiQuery } from '@phonehaat/shared-data';

export const BLOCKED_PAGE_SIZE = 25;

/** Phones that cannot be listed, newest first, one page. */
export const useBlockedImeis = (page: number) => useApiQuery('listBlockedImeis', { query: { page, limit: BLOCKED_PAGE_SIZE } });

/** Block a phone by hand; its live listing, if any, is removed with the reason. */
export const blockImei = (imei: string, reason: string) => api.blockImei({ body: { imei, reason } });

/** The phone may be listed again. */
export const unblockImei = (id: string, reason: string) => api.unblockImei({ params: { id }, body: { reason } });

import type { DisputeDecisionBody } from '@phonehaat/shared-api';
import { api, useApiQuery } from '@phonehaat/shared-data';

export const DISPUTES_PAGE_SIZE = 10;
export type DisputeFilter = 'open' | 'decided';

/** What is asked for a page of disputes: open ones oldest first, or decided ones newest first. */
export const disputesAsked = (status: DisputeFilter, page: number) => ({ query: { status, page, limit: DISPUTES_PAGE_SIZE } });

export const useDisputes = (status: DisputeFilter, page: number) => useApiQuery('listDisputes', disputesAsked(status, page));

/** Refund the buyer or release to the seller, with the reason both read. */
export const decideDispute = (id: string, body: DisputeDecisionBody) => api.decideDispute({ params: { id }, body });

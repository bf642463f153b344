import type { DisputeDecisionBody, DisputePage } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';

export const DISPUTES_PAGE_SIZE = 10;
export type DisputeFilter = 'open' | 'decided';

/** Open disputes oldest first, or decided ones newest first. */
export const getDisputes = (status: DisputeFilter, page: number) =>
  api.listDisputes({ query: { status, page, limit: DISPUTES_PAGE_SIZE } });

/** With `settled`, what the page's loader fetched for the first page of open disputes. */
export const useDisputes = (status: DisputeFilter, page: number, settled?: ApiState<DisputePage>) =>
  useApi(() => getDisputes(status, page), [status, page], status === 'open' && page === 1 ? settled : undefined);

/** Refund the buyer or release to the seller, with the reason both read. */
export const decideDispute = (id: string, body: DisputeDecisionBody) => api.decideDispute({ params: { id }, body });

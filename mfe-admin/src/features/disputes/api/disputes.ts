import type { DisputeDecisionBody, DisputePage } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';

export const DISPUTES_PAGE_SIZE = 10;
export type DisputeFilter = 'open' | 'decided';

/** GET /disputes — open ones oldest first, or decided ones newest first. */
export const getDisputes = (status: DisputeFilter, page: number) =>
  http.get<DisputePage>(`/disputes?${new URLSearchParams({ status, page: String(page), limit: String(DISPUTES_PAGE_SIZE) }).toString()}`);

/** With `settled`, what the page's loader fetched for the first page of open disputes. */
export const useDisputes = (status: DisputeFilter, page: number, settled?: ApiState<DisputePage>) =>
  useApi(() => getDisputes(status, page), [status, page], status === 'open' && page === 1 ? settled : undefined);

/** POST /disputes/:id/decision — refund the buyer or release to the seller, with the reason both read. */
export const decideDispute = (id: string, body: DisputeDecisionBody) => http.post<{ status: 'refunded' | 'released' }>(`/disputes/${encodeURIComponent(id)}/decision`, body);

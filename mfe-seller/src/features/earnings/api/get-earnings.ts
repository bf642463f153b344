import type { Earnings } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';

/** GET /earnings — the seller's sales and their money, the totals, the payouts and the payout wallet (poisha). */
export const getEarnings = () => http.get<Earnings>('/earnings');

/** With `settled`, what the page's loader already fetched. */
export const useEarnings = (settled?: ApiState<Earnings>) => useApi(getEarnings, [], settled);

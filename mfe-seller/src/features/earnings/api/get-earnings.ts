import type { Earnings } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';

/** The seller's sales and their money, the totals, the payouts and the payout wallet (poisha). */
export const getEarnings = () => api.getMyEarnings();

/** With `settled`, what the page's loader already fetched. */
export const useEarnings = (settled?: ApiState<Earnings>) => useApi(getEarnings, [], settled);

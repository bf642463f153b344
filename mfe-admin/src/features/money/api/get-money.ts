import type { MoneyOverview } from '@phonehaat/shared-api';
import { api, useApi, type ApiState } from '@phonehaat/shared-data';

/** The ledger's balances and its reconciliation against Stripe and bKash (poisha). */
export const getMoney = () => api.getMoneyOverview();

export const useMoney = (settled?: ApiState<MoneyOverview>) => useApi(getMoney, [], settled);

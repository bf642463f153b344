import type { MoneyOverview } from '@phonehaat/shared-api';
import { http, useApi, type ApiState } from '@phonehaat/shared-auth';

/** GET /admin/money — the ledger's balances and its reconciliation against Stripe and bKash (poisha). */
export const getMoney = () => http.get<MoneyOverview>('/admin/money');

export const useMoney = (settled?: ApiState<MoneyOverview>) => useApi(getMoney, [], settled);

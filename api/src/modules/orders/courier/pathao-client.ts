// Pathao's merchant API over fetch (its documented HTTP API; there is no official Node SDK): a password-grant token
// shared by the instances, and calls answered in Pathao's envelope { message, type, code, data }.
import { createSharedToken } from '../../../providers/shared-token.ts';
import type { ProviderTokensRepository } from '../../../providers/provider-tokens.ts';
import { CourierError } from './types.ts';

export interface PathaoConfig {
  /** https://api-hermes.pathao.com (sandbox: https://courier-api-sandbox.pathao.com); locally the fake Pathao. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  timeoutMs: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Pathao's answers are read field by field, as its documentation gives them
type Answer = Record<string, any>;

export function createPathaoClient(config: PathaoConfig, tokens: ProviderTokensRepository) {
  const api = `${config.baseUrl.replace(/\/$/, '')}/aladdin/api/v1`;

  async function request(method: string, path: string, body: unknown, token?: string): Promise<{ status: number; answer: Answer }> {
    try {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      return { status: response.status, answer: (await response.json().catch(() => ({}))) as Answer };
    } catch (error) {
      throw new CourierError(`Pathao could not be reached (${path}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const client = { client_id: config.clientId, client_secret: config.clientSecret };
  async function issue(body: object) {
    const { status, answer } = await request('POST', '/issue-token', { ...client, ...body });
    if (status !== 200 || !answer.access_token) throw new CourierError(`Pathao refused a token (${status}): ${String(answer.message ?? '')}`);
    const now = Date.now();
    const expiresAt = new Date(now + Number(answer.expires_in ?? 3600) * 1000);
    return { accessToken: String(answer.access_token), refreshToken: answer.refresh_token ? String(answer.refresh_token) : null, expiresAt, refreshExpiresAt: answer.refresh_token ? expiresAt : null };
  }
  const shared = createSharedToken({
    provider: 'pathao',
    tokens,
    timeoutMs: config.timeoutMs,
    timedOut: (message) => new CourierError(message),
    obtain: async (stored) => {
      const password = () => issue({ grant_type: 'password', username: config.username, password: config.password });
      if (!stored?.refreshToken) return password();
      return issue({ grant_type: 'refresh_token', refresh_token: stored.refreshToken }).catch(password);
    },
  });

  /** One call with the shared token (a token refused early is dropped and the call made once more); its `data`. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await shared.token();
      const { status, answer } = await request(method, path, body, token);
      if (status === 401 && attempt === 0) {
        await shared.drop(token);
        continue;
      }
      if (status !== 200 || answer.type !== 'success') {
        const fields = answer.errors ? `: ${Object.entries(answer.errors as Record<string, string[]>).map(([field, messages]) => `${field} ${messages.join(' ')}`).join('; ')}` : '';
        throw new CourierError(`Pathao refused ${method} ${path} (${status}): ${String(answer.message ?? 'no message')}${fields}`);
      }
      return answer.data as Answer;
    }
  }

  return {
    cities: async () => (await call('GET', '/city-list')).data as { city_id: number; city_name: string }[],
    zones: async (cityId: number) => (await call('GET', `/cities/${cityId}/zone-list`)).data as { zone_id: number; zone_name: string }[],
    stores: async () => (await call('GET', '/stores')).data as { store_id: number; store_name: string }[],
    createStore: (body: { name: string; contact_name: string; contact_number: string; address: string; city_id: number; zone_id: number; area_id?: number }) => call('POST', '/stores', body),
    pricePlan: (body: { store_id: number; item_type: 1 | 2; delivery_type: 12 | 48; item_weight: number; recipient_city: number; recipient_zone: number }) =>
      call('POST', '/merchant/price-plan', body),
    createOrder: (body: Record<string, unknown>) => call('POST', '/orders', body),
    orderInfo: (consignmentId: string) => call('GET', `/orders/${encodeURIComponent(consignmentId)}/info`),
  };
}
export type PathaoClient = ReturnType<typeof createPathaoClient>;

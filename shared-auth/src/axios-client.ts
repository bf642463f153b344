import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { currentLanguage } from '@phonehaat/shared-ui';
import { ApiRequestError } from './api-error';
import { env } from './config/env';
import { accessToken } from './token';

type RetriableConfig = InternalAxiosRequestConfig & { _phonehaatRetried?: boolean };

/**
 * The axios client for every call that carries a token: it sends the bearer token on each call, and
 * after a 401 refreshes the token once and repeats the call (concurrent 401s share one refresh).
 */
export function createAxiosClient(refresh: () => Promise<string | null>) {
  const client = axios.create({ baseURL: env.apiUrl, timeout: 20_000 });
  let refreshing: Promise<string | null> | undefined;

  client.interceptors.request.use((config) => {
    const token = accessToken.get();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    // The API's refusals in the page's language.
    config.headers.set('Accept-Language', currentLanguage());
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    // A cancelled call (a newer one replaced it) is not a failure to report.
    if (!(error instanceof AxiosError) || axios.isCancel(error)) throw error;
    const config = error.config as RetriableConfig | undefined;
    if (error.response?.status === 401 && config && !config._phonehaatRetried && accessToken.get()) {
      config._phonehaatRetried = true;
      refreshing ??= refresh().finally(() => (refreshing = undefined));
      const token = await refreshing;
      if (token) {
        config.headers.set('Authorization', `Bearer ${token}`);
        return client.request(config);
      }
    }
    throw error.response ? ApiRequestError.fromResponse(error.response.status, error.response.data) : ApiRequestError.unreachable();
  });
  return client;
}
export type AxiosClient = ReturnType<typeof createAxiosClient>;

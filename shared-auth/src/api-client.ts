import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import type { ApiError } from '@phonehaat/shared-api';
import { env } from './config/env';
import { accessToken } from './token';

/** What every failed API call turns into: the server's message, its status and the fields it named. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** The server's message for one form field, if it named it. */
  fieldError(field: string): string | undefined {
    return this.fields.find((f) => f.field === field)?.message;
  }
}

export const api = axios.create({ baseURL: env.apiUrl, timeout: 20_000 });

api.interceptors.request.use((config) => {
  const token = accessToken.get();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { _phonehaatRetried?: boolean };
/** Set by the session: gets a fresh access token after a 401, or null when the user must sign in again. */
let refreshAccessToken: (() => Promise<string | null>) | undefined;
let refreshing: Promise<string | null> | undefined;
export function setTokenRefresher(refresher: typeof refreshAccessToken) {
  refreshAccessToken = refresher;
}

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError)) throw error;
  const config = error.config as RetriableConfig | undefined;
  // An expired access token is refreshed once, then the call is repeated; concurrent 401s share one refresh.
  if (error.response?.status === 401 && config && !config._phonehaatRetried && refreshAccessToken && accessToken.get()) {
    config._phonehaatRetried = true;
    refreshing ??= refreshAccessToken().finally(() => (refreshing = undefined));
    const token = await refreshing;
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      return api.request(config);
    }
  }
  throw toApiRequestError(error);
});

export function toApiRequestError(error: AxiosError): ApiRequestError {
  const body = error.response?.data as Partial<ApiError> | undefined;
  if (error.response) {
    return new ApiRequestError(body?.message ?? `The server answered ${error.response.status}`, error.response.status, body?.fields ?? []);
  }
  return new ApiRequestError('We could not reach PhoneHaat. Check your connection and try again.', 0);
}

/** GET/POST/PUT/DELETE helpers returning the body; errors are ApiRequestError. */
export const http = {
  get: async <T>(url: string, config?: AxiosRequestConfig) => (await api.get<T>(url, config)).data,
  post: async <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => (await api.post<T>(url, body, config)).data,
  put: async <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => (await api.put<T>(url, body, config)).data,
  delete: async <T>(url: string, config?: AxiosRequestConfig) => (await api.delete<T>(url, config)).data,
};

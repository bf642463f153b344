import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { methodOf, pathOf, type OperationId } from '@phonehaat/shared-api/operations';
import { currentLanguage } from '@phonehaat/shared-ui';
import { errorFromResponse, unreachableError } from './request-errors';
import { config } from './config';
import { credentials } from './credentials';

type RetriableConfig = InternalAxiosRequestConfig & { _phonehaatRetried?: boolean };
interface Input {
  params?: object;
  query?: object;
  body?: unknown;
}
interface SendOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?(sent: number): void;
}

/**
 * The one HTTP client (axios, over fetch so a call meets the data its page's early start preloaded): it sends the page's
 * language and the bearer token on each call, and after a 401 refreshes the token once and repeats the call (concurrent
 * 401s share one refresh). A call that brings its own token (the Firebase ID token for /jwt and /users, a server's
 * render) is never refreshed. Uploads go by XMLHttpRequest, which reports progress.
 */
export function createAxiosClient(refresh: () => Promise<string | null>) {
  const client = axios.create({ baseURL: config.apiUrl, timeout: 20_000, adapter: 'fetch', responseType: 'json', transitional: { silentJSONParsing: false, forcedJSONParsing: true, clarifyTimeoutError: false } });
  let refreshing: Promise<string | null> | undefined;

  client.interceptors.request.use((config) => {
    const token = credentials().token();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    // The API's refusals in the page's language.
    config.headers.set('Accept-Language', currentLanguage());
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    // A cancelled call (a newer one replaced it) is not a failure to report.
    if (!(error instanceof AxiosError) || axios.isCancel(error)) throw error;
    const config = error.config as RetriableConfig | undefined;
    if (config?.signal?.aborted) throw error;
    if (error.response?.status === 401 && config && !config._phonehaatRetried && credentials().token()) {
      config._phonehaatRetried = true;
      refreshing ??= refresh().finally(() => (refreshing = undefined));
      const token = await refreshing;
      if (token) {
        config.headers.set('Authorization', `Bearer ${token}`);
        return client.request(config);
      }
    }
    // An answer cut off or not JSON is a failure with its status, never a success with nothing in it.
    const answered = error.response && error.response.status >= 400;
    throw answered ? errorFromResponse(error.response!.status, error.response!.data) : unreachableError();
  });

  return Object.assign(client, {
    urlOf: (id: OperationId, input?: Input) => `${config.apiUrl}${pathOf(id, input as never)}`,
    /** One operation of the contract. */
    send: <T = unknown>(id: OperationId, input: Input, { headers, signal, onProgress }: SendOptions) => {
      const upload = input.body instanceof FormData;
      return client.request<T>({
        method: methodOf(id),
        url: pathOf(id, input as never),
        data: input.body,
        // No body, no Content-Type (axios would name a form for an empty POST or PUT, which the API refuses).
        headers: input.body === undefined ? { ...headers, 'Content-Type': false } : headers,
        signal,
        _phonehaatRetried: Boolean(headers?.Authorization),
        // A photo on a slow mobile network can take a while.
        ...(upload ? { adapter: 'xhr', timeout: 120_000, onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0) } : {}),
      } as RetriableConfig);
    },
  });
}
export type AxiosClient = ReturnType<typeof createAxiosClient>;

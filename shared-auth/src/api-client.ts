import { currentLanguage } from '@phonehaat/shared-ui';
import { ApiRequestError } from './api-error';
import type { AxiosClient } from './axios-client';
import { env } from './config/env';
import { renderSession } from './session-store';
import { accessToken } from './token';

export { ApiRequestError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface RequestOptions {
  headers?: Record<string, string>;
  /** Cancels the request (a newer one replaced it); it then rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Set by the session: gets a fresh access token after a 401, or null when the user must sign in again. */
let refreshAccessToken: () => Promise<string | null> = async () => null;
export function setTokenRefresher(refresher: (() => Promise<string | null>) | undefined) {
  refreshAccessToken = refresher ?? (async () => null);
}

// axios is loaded with the first call that carries a token, so a visitor's first page does not pay for it.
let axiosClient: Promise<AxiosClient> | undefined;
export function authenticatedClient(): Promise<AxiosClient> {
  axiosClient ??= import('./axios-client').then(({ createAxiosClient }) => createAxiosClient(() => refreshAccessToken()));
  axiosClient.catch(() => (axiosClient = undefined));
  return axiosClient;
}

/** A plain fetch, the same errors: a visitor's public read, or a server's call with the user's token. */
async function viaFetch<T>(method: Method, url: string, body: unknown, signal?: AbortSignal, token?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${url}`, {
      method,
      headers: {
        // The API's refusals in the page's language (its messages are shown to the person as they come).
        'Accept-Language': currentLanguage(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(20_000)]) : AbortSignal.timeout(20_000),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw ApiRequestError.unreachable();
  }
  let data: unknown;
  if (response.status !== 204) {
    try {
      data = await response.json();
    } catch (error) {
      // Cancelled while the answer was read (a newer call replaced it): aborted, as before the answer came.
      if (signal?.aborted) throw error;
      // An answer cut off or not JSON: a failure with its status, never a success with nothing in it.
      if (response.ok) throw ApiRequestError.unreachable();
    }
  }
  if (!response.ok) throw ApiRequestError.fromResponse(response.status, data);
  return data as T;
}

async function request<T>(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  // On a server rendering a page for a returning user (decision 018): their token, for this render only.
  const onServer = renderSession()?.token;
  if (onServer) return viaFetch<T>(method, url, body, options.signal, onServer);
  if (!accessToken.get() && !options.headers?.Authorization) return viaFetch<T>(method, url, body, options.signal);
  const client = await authenticatedClient();
  // A call that brings its own token (the Firebase ID token for /jwt and /users) is never refreshed and retried.
  const config = { method, url, data: body, headers: options.headers, signal: options.signal, _phonehaatRetried: Boolean(options.headers?.Authorization) };
  const response = await client.request<T>(config);
  return response.data;
}

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?(sent: number): void;
  signal?: AbortSignal;
}

/** A file sent as multipart/form-data with the caller's token, reporting its progress (XMLHttpRequest can; fetch cannot). */
async function upload<T>(url: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  const client = await authenticatedClient();
  const response = await client.post<T>(url, form, {
    signal,
    // A photo on a slow mobile network can take a while.
    timeout: 120_000,
    onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0),
  });
  return response.data;
}

/** The one way the frontends call the API. Errors are ApiRequestError. */
export const http = {
  upload,
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
  /** A DELETE may carry a body (a removal's reason). */
  delete: <T>(url: string, options?: RequestOptions & { body?: unknown }) => request<T>('DELETE', url, options?.body, options),
};

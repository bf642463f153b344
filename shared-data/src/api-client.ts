// The one way the frontends call the API (decision 036): `api.<operationId>(input, options)`, typed from the API's own
// contract (shared-api's operations.ts and endpoints.ts), sent by one axios client. Errors are ApiRequestError.
import type { ApiInput, ApiOutput, OperationId } from '@phonehaat/shared-api/operations';
import { currentLanguage, loadCatalogs } from '@phonehaat/shared-ui';
import type { AxiosClient } from './axios-client';
import { credentials } from './credentials';

export { ApiRequestError } from './api-error';
export type { ApiInput, ApiOutput } from '@phonehaat/shared-api/operations';

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Cancels the request (a newer one replaced it); it then rejects with an AbortError. */
  signal?: AbortSignal;
  /** An upload's progress as its body goes out, the share sent so far (0 to 1). */
  onProgress?(sent: number): void;
}

type Call<Id extends OperationId> = object extends ApiInput<Id>
  ? (input?: ApiInput<Id>, options?: RequestOptions) => Promise<ApiOutput<Id>>
  : (input: ApiInput<Id>, options?: RequestOptions) => Promise<ApiOutput<Id>>;
export type ApiClient = { readonly [Id in OperationId]: Call<Id> };

// axios and the table of operations come with the first call, so a visitor's first page (composed on the server, its
// data in the page) pays for neither.
let axiosClient: Promise<AxiosClient> | undefined;
export function authenticatedClient(): Promise<AxiosClient> {
  axiosClient ??= import('./axios-client').then(async ({ createAxiosClient }) => {
    await loadCatalogs(currentLanguage()); // the client's own words (request-errors.ts), registered with it
    return createAxiosClient(() => credentials().refresh());
  });
  axiosClient.catch(() => (axiosClient = undefined));
  return axiosClient;
}

async function call(id: OperationId, input: { params?: object; query?: object; body?: unknown } = {}, options: RequestOptions = {}): Promise<unknown> {
  const client = await authenticatedClient();
  // On a server rendering a page for a returning user (decision 018): their token, for this render only.
  const onServer = credentials().serverToken();
  const headers = onServer ? { ...options.headers, Authorization: `Bearer ${onServer}` } : options.headers;
  const response = await client.send(id, input, { ...options, headers });
  return response.data;
}

/** The API, one typed function per operation: `await api.getProduct({ params: { id } })`. */
export const api = new Proxy({} as ApiClient, {
  get: (_target, id) => (input?: object, options?: RequestOptions) => call(id as OperationId, input, options),
});

/** An operation's full address, for what is not a call: the event stream's EventSource, the RUM beacon. */
export async function apiUrl<Id extends OperationId>(id: Id, input?: Pick<ApiInput<Id>, 'params' | 'query'>): Promise<string> {
  return (await authenticatedClient()).urlOf(id, input);
}

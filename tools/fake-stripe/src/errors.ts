/** The `error` object of a Stripe error response; the SDK picks its error class from `type` and the status. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: unknown;
}

export class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  /** Stripe saves a keyed request's outcome only once the endpoint has run; a rejected parameter is not saved. */
  readonly saved: boolean;

  constructor(status: number, body: StripeErrorBody, saved = true) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.saved = saved;
  }
}

export const invalidRequest = (status: number, message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });

export const missingParam = (param: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` }, false);

export const invalidParam = (param: string, message: string, code = 'parameter_invalid') =>
  new StripeApiError(400, { type: 'invalid_request_error', code, param, message }, false);

/** 404 for an object named in the URL, 400 for one named in a parameter, as Stripe does. */
export const noSuch = (resource: string, param: string, id: string, status = 404) =>
  new StripeApiError(status, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${resource}: '${id}'` }, false);

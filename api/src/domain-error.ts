// What a rule of the market refuses, said in the market's words (issue 67): repositories and services raise these and
// know nothing of HTTP; the API's error handler (plugins/errors.ts) answers each kind with its status, in the caller's
// language. Only routes and plugins speak HTTP (errors.ts), and lint keeps it so.

/** What kind of refusal. */
export type RefusalKind =
  /** What was asked is not allowed as asked (a field's value, a code that is wrong). */
  | 'invalid'
  /** The thing is in a state that refuses it (sold, already paid, decided). */
  | 'conflict'
  /** No such thing, or not one the caller may know of. */
  | 'not-found'
  /** The caller may not do this to it. */
  | 'forbidden'
  /** It was here, and is no more. */
  | 'gone'
  /** Asked too often: wait (retryAfter) and ask again. */
  | 'too-many'
  /** Understood, and refused as it stands (a photo that cannot be read, a phone that cannot be listed). */
  | 'unprocessable'
  /** Of a kind not taken (a file type). */
  | 'unsupported'
  /** Larger than taken. */
  | 'too-large'
  /** Someone it depends on (the mail server, the SMS sender) cannot be reached just now: try again later. */
  | 'unavailable'
  /** A provider (a wallet, a card processor) failed or refused the call made for it: nothing was done. */
  | 'provider-failed'
  /** Not who it says it is (a webhook without the provider's signature). */
  | 'unauthenticated';

export interface FieldRefusal {
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly kind: RefusalKind;
  /** The request's fields the refusal is about, if any. */
  readonly fields: FieldRefusal[] | undefined;
  /** For 'too-many': seconds to wait. */
  readonly retryAfter: number | undefined;

  constructor(kind: RefusalKind, message: string, fields?: string | FieldRefusal[], retryAfter?: number) {
    super(message);
    this.kind = kind;
    this.fields = typeof fields === 'string' ? [{ field: fields, message }] : fields;
    this.retryAfter = retryAfter === undefined ? undefined : Math.max(1, Math.ceil(retryAfter));
    this.name = 'DomainError';
  }

  /** The field the refusal is about (the first, when it names several). */
  get field(): string | undefined {
    return this.fields?.[0]?.field;
  }
}

/** The HTTP status each kind of refusal is answered with. */
export const statusOfRefusal: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  unsupported: 415,
  unprocessable: 422,
  'too-many': 429,
  'provider-failed': 502,
  unavailable: 503,
};

/** Not allowed as asked; about `field` when one is named (the form shows it there). */
export const invalid = (message: string, field?: string | FieldRefusal[]) => new DomainError('invalid', message, field);
export const conflict = (message: string) => new DomainError('conflict', message);
/** "Booking not found". */
export const notFound = (what: string) => new DomainError('not-found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new DomainError('forbidden', message);
export const gone = (message: string) => new DomainError('gone', message);
/** Asked too often; `waitSeconds` (at least one) goes in Retry-After. */
export const tooMany = (message: string, waitSeconds?: number) => new DomainError('too-many', message, undefined, waitSeconds);
/** Refused as it stands; about `field` when one is named. */
export const unprocessable = (message: string, field?: string | FieldRefusal[]) => new DomainError('unprocessable', message, field);
export const unsupported = (message: string) => new DomainError('unsupported', message);
export const tooLarge = (message: string) => new DomainError('too-large', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
export const providerFailed = (message: string) => new DomainError('provider-failed', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);

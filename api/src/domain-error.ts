// What a rule of the market refuses, said in the market's words (issue 67): repositories and domain code raise these and
// know nothing of HTTP; the API's error handler (plugins/errors.ts) answers each kind with its status, in the caller's
// language, as it does an HttpError.

/** What kind of refusal: the thing is in a state that refuses it, or what was asked is not allowed as asked. */
export type RefusalKind = 'conflict' | 'invalid';

export class DomainError extends Error {
  readonly kind: RefusalKind;
  /** The request's field the refusal is about, if one is. */
  readonly field: string | undefined;

  constructor(kind: RefusalKind, message: string, field?: string) {
    super(message);
    this.kind = kind;
    this.field = field;
    this.name = 'DomainError';
  }
}

/** The HTTP status each kind of refusal is answered with. */
export const statusOfRefusal: Record<RefusalKind, number> = { conflict: 409, invalid: 400 };

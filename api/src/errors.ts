/** An error whose status and message are safe to show the caller. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly fields: { field: string; message: string }[] | undefined;
  /** Seconds to wait before asking again (a 429's Retry-After). */
  retryAfter: number | undefined;

  constructor(statusCode: number, message: string, fields?: { field: string; message: string }[]) {
    super(message);
    this.statusCode = statusCode;
    this.fields = fields;
    this.name = 'HttpError';
  }
}

/** Too many requests, saying when to come back: in the message and in Retry-After (whole seconds, at least one). */
export const tooManyRequests = (message: string, waitSeconds: number) => {
  const error = new HttpError(429, message);
  error.retryAfter = Math.max(1, Math.ceil(waitSeconds));
  return error;
};

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? [{ field, message }] : undefined);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
/** Was here and is no more (a listing deleted or removed): search engines drop its address. */
export const gone = (message: string) => new HttpError(410, message);

/** PostgreSQL's unique_violation, the same code on PGlite and on a server. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // drizzle wraps driver errors; look through the cause chain.
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || name === constraint || String((current as Error).message).includes(constraint);
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}


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

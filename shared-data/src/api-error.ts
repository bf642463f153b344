import type { ApiError } from '@phonehaat/shared-api';
import { t } from './i18n';

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

  static fromResponse(status: number, body: unknown): ApiRequestError {
    const error = (body ?? {}) as Partial<ApiError>;
    return new ApiRequestError(error.message ?? t('api.status', { status }), status, error.fields ?? []);
  }

  static unreachable(): ApiRequestError {
    return new ApiRequestError(t('api.unreachable'), 0);
  }
}

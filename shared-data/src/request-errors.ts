import type { ApiError } from '@phonehaat/shared-api';
import { ApiRequestError } from './api-error';
import { t } from './i18n';

// What a failed call says when the server gave no message of its own. Built only by the HTTP client (axios-client.ts),
// so these words come with it, not with a visitor's first page.

export function errorFromResponse(status: number, body: unknown): ApiRequestError {
  const error = (body ?? {}) as Partial<ApiError>;
  return new ApiRequestError(error.message ?? t('api.status', { status }), status, error.fields ?? []);
}

export const unreachableError = (): ApiRequestError => new ApiRequestError(t('api.unreachable'), 0);

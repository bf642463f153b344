import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@phonehaat/shared-api';
import { HttpError } from '../errors.js';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

const body = (request: FastifyRequest, statusCode: number, message: string, fields?: ApiError['fields']): ApiError => ({
  statusCode,
  error: reasons[statusCode] ?? 'Error',
  message,
  ...(fields ? { fields } : {}),
  requestId: request.id,
});

/** The one error handler: clear 4xx messages naming what was wrong; 5xx logged, never leaked. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request'),
        message: issue.message ?? 'is invalid',
      }));
      const where = error.validationContext ?? 'request';
      const message = fields.map((field) => `${where}.${field.field}: ${field.message}`).join('; ');
      return reply.code(400).send(body(request, 400, message, fields));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(body(request, error.statusCode, error.message, error.fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(request, status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    const code = status === 502 ? 502 : 500;
    return reply
      .code(code)
      .send(body(request, code, code === 502 ? 'The payment service is unavailable; please try again' : `Something went wrong on our side (request ${request.id})`));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body(request, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}

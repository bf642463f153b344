import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@phonehaat/shared-api';
import { preferredLanguage, type Language } from '@phonehaat/shared-api/languages';
import { messageIn } from '@phonehaat/shared-api/messages';
import { DomainError, statusOfRefusal } from '../domain-error.ts';
import { HttpError } from '../errors.ts';

/** The methods some route of the API answers (and CORS's OPTIONS); any other is refused before its body is read. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
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

/** The language a request asks for its messages in (the apps send the page's language); English otherwise. */
const languageOf = (request: FastifyRequest): Language => preferredLanguage(request.headers['accept-language']) ?? 'en';

/** A refusal depends on the request's language: say so to caches, beside what else it varies on (Origin). */
function variesByLanguage(reply: FastifyReply) {
  const vary = reply.getHeader('Vary');
  if (!String(vary ?? '').includes('Accept-Language')) reply.header('Vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
}

/** A refusal's message and fields in the request's language: the English is written once, where the rule is. */
function translated(request: FastifyRequest, message: string, fields?: ApiError['fields']) {
  const language = languageOf(request);
  return {
    message: messageIn(message, language),
    fields: fields?.map((field) => ({ field: field.field, message: messageIn(field.message, language) })),
  };
}

/**
 * What the router refuses before any route runs (a parameter longer than the router takes, a malformed address), in
 * the API's own error shape, with its requestId: Fastify's `frameworkErrors`.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = status === 414 ? 'This address is too long' : 'This address is not valid';
  variesByLanguage(reply);
  void reply.code(status).send(body(request, status, translated(request, message).message));
}

/** The one error handler: clear 4xx messages naming what was wrong; 5xx logged, never leaked. */
export function registerErrorHandling(app: FastifyInstance, allowed: (url: string) => string[]) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request'),
        message: issue.message ?? 'is invalid',
      }));
      const where = error.validationContext ?? 'request';
      variesByLanguage(reply);
      if (languageOf(request) === 'en') {
        const message = fields.map((field) => `${where}.${field.field}: ${field.message}`).join('; ');
        return reply.code(400).send(body(request, 400, message, fields));
      }
      // In Bangla the parameters' names mean nothing to the reader: the messages alone, each naming its field.
      const local = translated(request, '', fields).fields ?? [];
      return reply.code(400).send(body(request, 400, local.map((field) => field.message).join('; '), local));
    }
    if (error instanceof DomainError) {
      const status = statusOfRefusal[error.kind];
      const local = translated(request, error.message, error.fields);
      variesByLanguage(reply);
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      return reply.code(status).send(body(request, status, local.message, local.fields));
    }
    if (error instanceof HttpError) {
      const local = translated(request, error.message, error.fields);
      variesByLanguage(reply);
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      return reply.code(error.statusCode).send(body(request, error.statusCode, local.message, local.fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      variesByLanguage(reply);
      return reply.code(status).send(body(request, status, translated(request, error.message).message));
    }
    request.log.error({ err: error }, "request failed");
    const code = status === 502 ? 502 : 500;
    const message = code === 502 ? 'The payment service is unavailable; please try again' : `Something went wrong on our side (request ${request.id})`;
    variesByLanguage(reply);
    return reply.code(code).send(body(request, code, translated(request, message).message));
  });

  // A method no route answers at this address (QUERY, PROPFIND, or DELETE where only GET is): 405 with what the path
  // does answer, decided before Fastify reads a body it would first ask a Content-Type for (issue 66: QUERY, or a
  // DELETE with a JSON Content-Type and no body, got a 400). OPTIONS is CORS's preflight.
  app.addHook('onRequest', async (request, reply) => {
    if (KNOWN_METHODS.has(request.method) && !request.is404) return;
    if (request.method === 'OPTIONS') return;
    const path = request.url.split('?')[0];
    const methods = allowed(request.url);
    variesByLanguage(reply);
    if (methods.length === 0) return reply.code(404).send(body(request, 404, `Route ${request.method} ${path} not found`));
    return reply
      .code(405)
      .header('allow', methods.join(', '))
      .send(body(request, 405, translated(request, `${request.method} is not allowed on ${path}: it answers ${methods.join(', ')}`).message));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A known path asked with a method it does not answer: 405 and the methods it does (a 404 would say it is not there).
    const methods = allowed(request.url);
    if (methods.length > 0) {
      variesByLanguage(reply);
      return reply
        .code(405)
        .header('allow', methods.join(', '))
        .send(body(request, 405, translated(request, `${request.method} is not allowed on ${path}: it answers ${methods.join(', ')}`).message));
    }
    return reply.code(404).send(body(request, 404, `Route ${request.method} ${path} not found`));
  });
}

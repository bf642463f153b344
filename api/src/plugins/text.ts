import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/** PostgreSQL's text cannot hold U+0000: text carrying it is refused as input, not failed on in the database. */
export const NUL_REFUSED = 'Text cannot contain the character U+0000';

/** The first place a value carries U+0000 (`name`, `photos.2`), or undefined. */
function nulIn(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) return value.map((item, index) => nulIn(item, path ? `${path}.${index}` : String(index))).find(Boolean);
  // Any record of values, whatever its prototype: the query string's parser (fast-querystring) makes objects whose
  // prototype is neither Object's nor null (issue 66: a NUL in a query parameter went past this check, a 500).
  if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !(value instanceof Date)) {
    return Object.entries(value).map(([key, item]) => nulIn(key, path) ?? nulIn(item, path ? `${path}.${key}` : key)).find(Boolean);
  }
  return undefined;
}

/** Refuses a request whose parameters or JSON body carry U+0000 (a preValidation hook: after the caller's checks). */
export async function refuseNul(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const where = nulIn(part, '');
    if (where !== undefined) throw badRequest(NUL_REFUSED, where || 'request');
  }
}

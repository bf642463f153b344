import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from '@phonehaat/shared-api';
import { NUL_REFUSED } from '../plugins/text.ts';
import { refinementsOf } from './rules.ts';

type Json = Record<string, unknown>;
type OverrideContext = { zodSchema: { _zod: { def: Record<string, unknown> } }; jsonSchema: Json; path: (string | number)[] };

/** What each status means, the same on every operation (the error body is always the API's error shape). */
const meanings: Record<string, string> = {
  400: 'The input is not valid: `message` says why, and `fields` names each wrong field',
  401: 'Not signed in, or the session has expired: sign in again',
  403: 'Signed in, but this account may not do this',
  404: 'Not found (or removed)',
  409: 'Not possible in the current state: `message` says why',
  413: 'The body is larger than this operation takes',
  414: 'The address is too long',
  415: 'The body is not of a type this operation takes',
  422: 'The upload could not be read as what it claims to be',
  429: 'Too many requests: wait the seconds the Retry-After header gives',
  500: 'Something went wrong on the server: quote the `requestId`',
  502: 'A payment provider could not be reached: try again',
  503: 'Not ready: try another instance or wait',
};

/** Whether a zod `overwrite` check trims what it is given (its result is what the length limits count). */
const trims = (check: { _zod: { def: { check?: string; tx?: (value: string) => string } } }) =>
  check._zod.def.check === 'overwrite' && check._zod.def.tx?.(' x ') === 'x';

/**
 * zod's JSON Schema, said exactly: what fastify-type-provider-zod's own override does (empty union branches dropped,
 * dates as date-time strings in answers), and text the API trims before counting its length says so: a pattern that
 * needs as many characters once trimmed (three spaces are not a three-letter reason).
 */
function override(io: 'input' | 'output') {
  return (context: unknown) => {
    const { zodSchema, jsonSchema } = context as OverrideContext;
    const def = zodSchema._zod.def;
    if (def.type === 'union' && Array.isArray(jsonSchema.anyOf)) jsonSchema.anyOf = (jsonSchema.anyOf as Json[]).filter((branch) => Object.keys(branch).length > 0);
    if (def.type === 'date' && io === 'output') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    const checks = (def.checks as Parameters<typeof trims>[0][] | undefined) ?? [];
    if (def.type === 'string' && io === 'input' && checks.some(trims)) {
      const min = typeof jsonSchema.minLength === 'number' ? jsonSchema.minLength : 0;
      if (min > 0) {
        const trimmed = min === 1 ? String.raw`\S` : String.raw`^\s*\S[\s\S]{${min - 2},}\S\s*$`;
        if (jsonSchema.pattern) jsonSchema.allOf = [...((jsonSchema.allOf as Json[] | undefined) ?? []), { pattern: trimmed }];
        else jsonSchema.pattern = trimmed;
      }
      const note = 'Spaces at either end are removed before the length is counted.';
      jsonSchema.description = jsonSchema.description ? `${String(jsonSchema.description)} ${note}` : note;
    }
  };
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: override('input') } as never });
const zodOutputTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: override('output') } as never });

/** `additionalProperties: false` on every object of a request body that does not say what else it takes. */
function closeObjects(schema: Json) {
  if (schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  for (const part of Object.values((schema.properties as Record<string, Json> | undefined) ?? {})) closeObjects(part);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const part of (schema[key] as Json[] | undefined) ?? []) closeObjects(part);
  if (schema.items && typeof schema.items === 'object') closeObjects(schema.items as Json);
}

/** A route schema's own extensions to the document (see `documented` in routes/types.ts). */
interface Extensions {
  /** 400s the handler answers beyond the schema, as their messages. */
  'x-rules'?: string[];
  /** A request body the route reads itself (a multipart upload, a signed webhook's raw bytes): its JSON Schema and type. */
  'x-body'?: { contentType: string; schema: Json; description?: string };
}

type TransformInput = Parameters<typeof zodTransform>[0];

/** The API's error shape as the document has it (every error status answers it). */
const errorSchema = (input: TransformInput): Json =>
  ((zodOutputTransform({ ...input, schema: { response: { 400: ApiError } } } as TransformInput).schema as { response: Record<string, Json> }).response['400'] ?? {}) as Json;

/**
 * The OpenAPI document from the routes' zod schemas (fastify-type-provider-zod), made to say everything the API does:
 * every rule beyond JSON Schema (`x-rules`, and in the description), the bodies routes read themselves, what each error
 * status means, and the statuses every operation can answer (429 from the rate limit, 500; 413 and 415 with a body).
 */
export function documentTransform(input: TransformInput): ReturnType<typeof zodTransform> {
  const route = (input.schema ?? {}) as Record<string, unknown> & Extensions;
  const inputs = (['body', 'querystring', 'params', 'headers'] as const).map((part) => route[part] as z.ZodType | undefined);
  const result = zodTransform(input);
  const schema = result.schema as Json & Extensions;
  if (schema.hide) return result;
  // Answers are described as they are sent (zod's output), inputs as they are taken.
  const answers = route.response ? (zodOutputTransform({ ...input, schema: { response: route.response } } as TransformInput).schema as Json).response : undefined;
  if (answers) schema.response = answers;

  // A body field the operation does not describe is refused (plugins/unknown-input.ts): said on every object it takes.
  if (schema.body) closeObjects(schema.body as Json);
  const body = route['x-body'];
  if (body) {
    schema.body = { ...body.schema, ...(body.description ? { description: body.description } : {}) };
    schema.consumes = [body.contentType];
    delete schema['x-body'];
  }
  const takesText = inputs.some(Boolean) || Boolean(body);
  const rules = [...new Set([...inputs.flatMap(refinementsOf), ...(route['x-rules'] ?? []), ...(takesText ? [NUL_REFUSED] : [])])];
  if (rules.length > 0) schema['x-rules'] = rules;
  // The rule every operation shares is said once, in the document's description; the operation's own here.
  const own = rules.filter((rule) => rule !== NUL_REFUSED);
  if (own.length > 0) {
    const varies = own.some((rule) => /<[^>]+>/.test(rule)) ? ' (a part in <angle brackets> varies)' : '';
    const said = `Also refused with 400, as these messages${varies}: ${own.map((rule) => `"${rule}"`).join('; ')}.`;
    schema.description = schema.description ? `${String(schema.description)}\n\n${said}` : said;
  }

  const responses = (schema.response ??= {}) as Record<string, Json>;
  const limited = (input as { route?: { config?: { rateLimit?: unknown } } }).route?.config?.rateLimit !== false;
  // 400 on every operation: one that takes nothing still refuses a query parameter it does not list (issue 66).
  const extra = ['400', ...(limited ? ['429'] : []), '500', ...(route.body || body ? ['413', '415'] : [])];
  for (const status of extra) responses[status] ??= errorSchema(input);
  for (const [status, answer] of Object.entries(responses)) if (meanings[status]) answer['x-response-description'] = meanings[status];
  return result;
}

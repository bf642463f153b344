import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors.ts';

/**
 * One policy for what a request carries beyond what its operation takes (issue 66): a query parameter the operation does
 * not list, or a body field it does not describe, is refused with a 400 naming it — never dropped in silence (a
 * misspelt `maxprice` would answer unfiltered phones as if it were obeyed). The document says so: every request body
 * object has `additionalProperties: false` (openapi/transform.ts), and its description states it for parameters.
 */
export const unknownField = (path: string) => `${path} is not a field this operation takes`;
export const unknownParameter = (name: string) => `${name} is not a parameter of this operation`;
export const UNKNOWN_FIELD_RULE = unknownField('<field>');
export const UNKNOWN_PARAMETER_RULE = unknownParameter('<name>');

/** The part of JSON Schema that says which keys an object may have. */
export interface KeyedSchema {
  type?: string | string[];
  properties?: Record<string, KeyedSchema>;
  additionalProperties?: boolean | KeyedSchema;
  items?: KeyedSchema;
  anyOf?: KeyedSchema[];
  oneOf?: KeyedSchema[];
}

const jsonSchemas = new WeakMap<object, KeyedSchema>();
/** A zod schema's JSON Schema as a request is checked against it (input), made once per schema. */
export function inputSchemaOf(schema: z.ZodType): KeyedSchema {
  let found = jsonSchemas.get(schema);
  if (!found) jsonSchemas.set(schema, (found = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as KeyedSchema));
  return found;
}

/** Every key in `value` its schema does not describe (`courier.adress`), in order. */
export function unknownsIn(value: unknown, schema: KeyedSchema | undefined, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    // Known if some branch knows it all; otherwise the branch it fits best (fewest unknown keys) names what is wrong.
    const found = branches.map((branch) => unknownsIn(value, branch, path));
    return found.reduce((best, next) => (next.length < best.length ? next : best));
  }
  if (Array.isArray(value)) return schema.items ? value.flatMap((item, index) => unknownsIn(item, schema.items, path ? `${path}.${index}` : String(index))) : [];
  if (!value || typeof value !== 'object' || !schema.properties) return [];
  const extra = schema.additionalProperties;
  return Object.entries(value).flatMap(([key, item]) => {
    const where = path ? `${path}.${key}` : key;
    const part = schema.properties![key] ?? (typeof extra === 'object' ? extra : undefined);
    if (!part && extra !== true && typeof extra !== 'object') return [where];
    return unknownsIn(item, part, where);
  });
}

/** Refuses a query parameter or a body field the route's schema does not describe (a preValidation hook). */
export async function refuseUnknown(request: FastifyRequest) {
  const schema = request.routeOptions.schema as { operationId?: string; querystring?: z.ZodType; body?: z.ZodType } | undefined;
  // Only the API's own operations: the documentation's pages and CORS's preflight take what they take.
  if (!schema?.operationId) return;
  const query = request.query as Record<string, unknown> | undefined;
  const names = Object.keys(query ?? {});
  if (names.length > 0) {
    const known = schema.querystring ? inputSchemaOf(schema.querystring).properties ?? {} : {};
    const unknown = names.find((name) => !(name in known));
    if (unknown !== undefined) throw badRequest(unknownParameter(unknown), unknown);
  }
  if (schema.body && request.body !== undefined) {
    const [where] = unknownsIn(request.body, inputSchemaOf(schema.body));
    if (where) throw badRequest(unknownField(where), where);
  }
}

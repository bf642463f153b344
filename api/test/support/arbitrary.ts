import fc from 'fast-check';

/** A JSON Schema (2020-12) as the OpenAPI document has it. */
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  default?: unknown;
};

/** Longest text generated where a schema allows more: long enough to cross every limit the API has below it. */
const LONGEST = 300;

/** Every pattern a value must match: its own and those of the schemas it must also satisfy (allOf). */
const patternsOf = (schema: Schema): RegExp[] => [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter((p): p is string => Boolean(p)).map((p) => new RegExp(p, 'u'));

/**
 * A pattern of one repeated character class (`^\d+$`) with the length limits written into it (`^\d{15,15}$`): matching
 * strings of the right length are then made directly, not found by luck among strings of any length.
 */
function withLength(pattern: RegExp, min: number, max: number | undefined): RegExp {
  const repeated = /^\^(\\[dws]|\[[^\]]+\])[+*]\$$/.exec(pattern.source);
  if (!repeated || (min === 0 && max === undefined)) return pattern;
  return new RegExp(`^${repeated[1]}{${Math.max(min, pattern.source.includes('+') ? 1 : 0)},${max ?? Math.max(min, LONGEST)}}$`, 'u');
}

function text(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? LONGEST, Math.max(min, LONGEST));
  const fits = (value: string) => [...value].length >= min && [...value].length <= (schema.maxLength ?? Infinity);
  const [first, ...others] = patternsOf(schema);
  let base: fc.Arbitrary<string>;
  if (schema.format === 'uuid') base = fc.uuid();
  else if (schema.format === 'email') base = fc.emailAddress();
  else if (schema.format === 'date-time') base = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
  else if (schema.format === 'uri') base = fc.webUrl();
  else if (first) base = fc.stringMatching(withLength(first, min, schema.maxLength), { size: 'small' });
  // Unpaired surrogates too (issue 66): text a JSON body can carry, which the document does not forbid.
  else base = fc.string({ minLength: min, maxLength: max, unit: fc.constantFrom('a', 'Z', '7', ' ', 'ফ', '৳', '-', '.', '/', '😀', 'é', '\uD800', '\uDFFF') });
  const all = first ? [first, ...others] : others;
  return base.filter((value) => fits(value) && all.every((pattern) => pattern.test(value)));
}

/**
 * Known good values for an object's properties, by name (a seeded booking's id for `bookingId`, a phone number for
 * `phone`): offered most of the time, so that requests reach past "not found" to the happy paths. Each is used only
 * where the property's schema takes it.
 */
export type Hints = (property: string, schema: Schema) => unknown[];

/** Values of a JSON Schema, as fast-check arbitraries: what the document calls valid. */
export function arbitraryOf(schema: Schema, hints?: Hints): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => arbitraryOf(branch, hints)));
  const types = [schema.type ?? 'any'].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, hints)));
  switch (types[0]) {
    case 'string':
      return text(schema);
    case 'integer': {
      const bounds = {
        min: schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : Math.max(schema.minimum ?? -Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
        max: schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
      };
      // Mostly everyday sizes, and now and then the edges the schema allows (2^53 − 1 where it sets no limit: issue 66).
      const everyday = fc.integer({ min: Math.max(bounds.min, -1_000_000_000), max: Math.min(bounds.max, 1_000_000_000) });
      return bounds.min > 1_000_000_000 || bounds.max < -1_000_000_000 ? fc.integer(bounds) : fc.oneof({ arbitrary: everyday, weight: 9 }, { arbitrary: fc.constantFrom(bounds.min, bounds.max), weight: 1 });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? arbitraryOf(schema.items, hints) : fc.string();
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 6, Math.max(schema.minItems ?? 0, 6)) };
      return schema.uniqueItems ? fc.uniqueArray(items, { ...constraints, selector: (value) => JSON.stringify(value) }) : fc.array(items, constraints);
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, part]) => {
          const made = arbitraryOf(part, hints);
          const known = hints?.(name, part) ?? [];
          return [name, known.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: made, weight: 1 }) : made];
        }),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A value the schema refuses, and what was spoiled: the wrong type, a value out of its range or its list, text that
 * breaks its pattern or its length, a required field left out. Undefined where nothing about the schema can be broken.
 */
export function spoilerOf(schema: Schema, { asText = false } = {}): fc.Arbitrary<unknown> | undefined {
  const types = [schema.type ?? 'any'].flat();
  const ways: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) ways.push(fc.constant('not-one-of-them'));
  else if (types.length === 1 && types[0] !== 'any') {
    const type = types[0];
    // Something of another type altogether (a string where a number goes; an object where text goes, unless written as text).
    if (type !== 'string') ways.push(fc.constant('not-a-number'));
    else if (!asText) ways.push(fc.constant({ not: 'text' }));
    if ((type === 'integer' || type === 'number') && schema.maximum !== undefined) ways.push(fc.constant(schema.maximum + 1));
    if ((type === 'integer' || type === 'number') && schema.minimum !== undefined) ways.push(fc.constant(schema.minimum - 1));
    if (type === 'integer') ways.push(fc.constant(1.5));
    // Integers past what a double holds exactly (2^53 + 1) and past 64 bits, written as the fuzzer wrote them (issue 66).
    if ((type === 'integer' || type === 'number') && (schema.maximum === undefined || schema.maximum < 2 ** 53)) ways.push(asText ? fc.constantFrom('9007199254740993', '9774117743298004193', '18446744073709551616') : fc.constant(2 ** 53 + 2));
    // U+0000 anywhere in text, in every place text goes (the document says none may carry it).
    if (type === 'string' && !schema.enum && !('const' in schema)) ways.push(fc.constantFrom('a\u0000b', '\u0000'));
    // Digits past PostgreSQL's bigint where digits are asked for (an id): the pattern refuses them.
    if (type === 'string' && schema.pattern && /\\d/.test(schema.pattern)) ways.push(fc.constantFrom('9774117743298004193', '18446744073709551616'));
    if (type === 'string' && schema.maxLength !== undefined) ways.push(fc.constant('x'.repeat(schema.maxLength + 1)));
    if (type === 'string' && (schema.pattern || schema.format === 'uuid' || schema.format === 'email')) {
      // Text its pattern refuses (a weak pattern, one non-space character, takes most text).
      const patterns = patternsOf(schema);
      const formatted = schema.format === 'uuid' || schema.format === 'email';
      const breaking = ['not this!', '   ', 'x', '@@', '1.5'].filter((value) => formatted || patterns.some((pattern) => !pattern.test(value)));
      if (breaking.length > 0) ways.push(fc.constantFrom(...breaking));
    }
    if (type === 'array' && schema.maxItems !== undefined && schema.items) ways.push(fc.array(arbitraryOf(schema.items), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }));
    if (type === 'object') {
      // A property the document does not describe: refused, as the document says (issue 66).
      if (schema.properties && schema.additionalProperties === false) ways.push((arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>).map((whole) => ({ ...whole, zzNotAField: 1 })));
      for (const name of schema.required ?? []) {
        const whole = arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>;
        ways.push(whole.map(({ [name]: _left, ...rest }) => rest));
      }
      for (const [name, part] of Object.entries(schema.properties ?? {})) {
        const bad = spoilerOf(part);
        if (bad) ways.push(fc.tuple(arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>, bad).map(([whole, value]) => ({ ...whole, [name]: value })));
      }
    }
  }
  return ways.length > 0 ? fc.oneof(...ways) : undefined;
}

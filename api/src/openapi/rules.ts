import type { z } from 'zod';

type Node = { _zod?: { def: Record<string, unknown> } };
type Check = { _zod: { def: { check?: string; error?: (issue: object) => unknown } } };

/** The zod parts a schema is made of (an object's fields, an array's items, a pipe's ends, a wrapper's inner type). */
function parts(def: Record<string, unknown>): unknown[] {
  const found: unknown[] = [];
  for (const key of ['innerType', 'in', 'out', 'schema', 'element', 'left', 'right']) if (def[key]) found.push(def[key]);
  if (def.shape && typeof def.shape === 'object') found.push(...Object.values(def.shape as object));
  if (Array.isArray(def.options)) found.push(...(def.options as unknown[]));
  return found;
}

/**
 * The rules a schema enforces that JSON Schema cannot say (zod `refine`s: a resale price not above the original, an
 * IMEI's check digit, a year not in the future; the checks on a value after it was transformed: a phone number's
 * digits once Bangla ones are read), as the messages the API answers when one is broken. The document lists
 * them on each operation, so what it calls valid is refused only for a reason it states.
 */
export function refinementsOf(schema: z.ZodType | undefined): string[] {
  const messages = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    const def = (node as Node | undefined)?._zod?.def;
    if (!def || seen.has(node)) return;
    seen.add(node);
    for (const check of (def.checks as Check[] | undefined) ?? []) if (check._zod.def.check === 'custom') say(check);
    // A pipe after a transform (`.transform(asciiDigits).pipe(z.string().regex(...))`): the document shows what goes in,
    // so every check on what comes out is a rule it cannot state.
    const into = (def.in as Node | undefined)?._zod?.def;
    if (def.type === 'pipe' && into && into.type !== 'transform') everyCheck(def.out);
    for (const part of parts(def)) walk(part);
  };
  const say = (check: Check) => {
    const said = check._zod.def.error?.({});
    const message = typeof said === 'string' ? said : (said as { message?: string } | undefined)?.message;
    if (message) messages.add(message);
  };
  const everyCheck = (node: unknown, inside = new Set<unknown>()) => {
    const def = (node as Node | undefined)?._zod?.def;
    if (!def || inside.has(node)) return;
    inside.add(node);
    for (const check of (def.checks as Check[] | undefined) ?? []) say(check);
    for (const part of parts(def)) everyCheck(part, inside);
  };
  walk(schema);
  return [...messages];
}

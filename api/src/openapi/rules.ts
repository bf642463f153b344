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
 * IMEI's check digit, a year not in the future), as the messages the API answers when one is broken. The document lists
 * them on each operation, so what it calls valid is refused only for a reason it states.
 */
export function refinementsOf(schema: z.ZodType | undefined): string[] {
  const messages = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    const def = (node as Node | undefined)?._zod?.def;
    if (!def || seen.has(node)) return;
    seen.add(node);
    for (const check of (def.checks as Check[] | undefined) ?? []) {
      const { check: kind, error } = check._zod.def;
      if (kind !== 'custom' || !error) continue;
      const said = error({});
      const message = typeof said === 'string' ? said : (said as { message?: string } | undefined)?.message;
      if (message) messages.add(message);
    }
    for (const part of parts(def)) walk(part);
  };
  walk(schema);
  return [...messages];
}

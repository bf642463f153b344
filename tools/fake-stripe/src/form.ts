/**
 * Stripe's form encoding, as the SDK writes it: `metadata[bookingId]=b1`, `payment_method_data[card][number]=…`,
 * `payment_method_types[0]=card`. Every bracket level becomes an object; `list()` reads one back as an array.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

// Objects without a prototype, so a key such as `__proto__` is just a key.
const node = (): FormObject => Object.create(null) as FormObject;

function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  return [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
}

export function parseForm(body: string): FormObject {
  const root = node();
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let parent = root;
    path.forEach((segment, index) => {
      // `items[]=a&items[]=b` appends, as `items[0]`, `items[1]` would.
      const name = segment === '' ? String(Object.keys(parent).length) : segment;
      if (index === path.length - 1) {
        parent[name] = value;
        return;
      }
      // A later key wins over an earlier one it conflicts with (`a=1&a[b]=2`).
      const child = parent[name];
      parent = typeof child === 'object' ? child : (parent[name] = node());
    });
  }
  return root;
}

export const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

export const obj = (value: FormValue | undefined): FormObject => (typeof value === 'object' ? value : node());

/** The string values of `items[0]`, `items[1]`, … in index order. */
export const list = (value: FormValue | undefined): string[] =>
  Object.entries(obj(value))
    .filter((entry): entry is [string, string] => /^\d+$/.test(entry[0]) && typeof entry[1] === 'string')
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, item]) => item);

/** A flat map of strings, as `metadata` is. */
export const strings = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/** Parses Stripe's form encoding (`metadata[bookingId]=…`, `payment_method_types[0]=card`) into nested objects. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((key, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, FormValue>;
      const slot = key === '' && Array.isArray(node) ? String(node.length) : key;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1]!);
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

export const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const obj = (value: FormValue | undefined): Record<string, FormValue> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** JSON inside a script element: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

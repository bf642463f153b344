/** Text as a literal inside a LIKE pattern: its `%`, `_` and `\` match themselves. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

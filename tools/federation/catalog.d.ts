// A package's catalog of one language, compiled at build time (tools/federation's catalogs plugin): its messages,
// English where this language lacks one, and which those are.
declare module '*.json?catalog' {
  const catalog: { messages: Record<string, unknown>; missing: string[] };
  export default catalog;
}

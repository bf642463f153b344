// A lint rule no plugin has (decision 049): a function's own lines, not counting the functions written inside it.
// ESLint's max-lines-per-function counts those too, so a Fastify plugin whose routes' handlers are short would still
// count every handler; what makes a function long to read is what it does itself.
const FUNCTION = 'FunctionDeclaration, FunctionExpression, ArrowFunctionExpression';

/** @type {import('eslint').Rule.RuleModule} */
export const maxOwnLines = {
  meta: {
    type: 'suggestion',
    docs: { description: 'limit the lines a function has of its own (nested functions aside)' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: { long: '{{name}} has {{lines}} lines of its own (nested functions aside); at most {{max}}. Split what it does.' },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    /** @type {{ inner: Set<number> }[]} */
    const open = [];
    const nameOf = (node) =>
      node.id?.name ?? (node.parent.type === 'VariableDeclarator' || node.parent.type === 'Property' || node.parent.type === 'MethodDefinition' ? (node.parent.id ?? node.parent.key)?.name : undefined) ?? 'This function';
    return {
      [FUNCTION]() {
        open.push({ inner: new Set() });
      },
      [`:matches(${FUNCTION}):exit`](node) {
        const { inner } = open.pop();
        const { start, end } = node.loc;
        const lines = end.line - start.line + 1 - inner.size;
        // Its lines between its first and last are its parent's to leave out.
        const parent = open.at(-1);
        if (parent) for (let line = start.line + 1; line < end.line; line++) parent.inner.add(line);
        if (lines > max) context.report({ node, messageId: 'long', data: { name: nameOf(node), lines: String(lines), max: String(max) } });
      },
    };
  },
};

export default { rules: { 'max-own-lines': maxOwnLines } };

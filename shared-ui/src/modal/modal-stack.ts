// Open dialogs, oldest first. Only the top one answers Escape and traps Tab.
const stack: object[] = [];

export function pushModal(token: object): () => void {
  stack.push(token);
  return () => {
    const index = stack.lastIndexOf(token);
    if (index !== -1) stack.splice(index, 1);
  };
}

export function isTopModal(token: object): boolean {
  return stack[stack.length - 1] === token;
}

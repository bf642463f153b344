// The one Node API server.tsx uses, declared here so the browser packages that compile it need no Node types.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}

// The Node APIs the shell's server render uses (render-app.tsx, built for Node only), declared here so the browser
// code around it compiles without Node's types.
declare module 'node:url' {
  export function fileURLToPath(url: string | URL): string;
}

interface ImportMeta {
  /** Node: the URL a module specifier resolves to from this module. */
  resolve(specifier: string): string;
}

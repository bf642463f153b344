// Typed here rather than through vite/client: shared-ui uses no other Vite feature.
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}

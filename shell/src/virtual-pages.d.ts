// The remotes' pages, derived from their src/routes.ts when the shell is built (tools/federation/pages.ts).
declare module 'virtual:phonehaat/page-paths' {
  import type { RemotePage } from '@phonehaat/shared-api/pages';
  import type { RemoteName } from '@phonehaat/shared-api/remotes';
  const pages: readonly Pick<RemotePage<RemoteName>, 'remote' | 'module' | 'path' | 'permission'>[];
  export default pages;
}
declare module 'virtual:phonehaat/pages' {
  import type { RemotePage } from '@phonehaat/shared-api/pages';
  import type { RemoteName } from '@phonehaat/shared-api/remotes';
  const pages: readonly RemotePage<RemoteName>[];
  export default pages;
}

// The remotes' pages, derived from their src/routes.ts for the tests (tools/federation/pages.ts's test plugin).
declare module 'virtual:phonehaat/pages' {
  import type { RemotePage } from '@phonehaat/shared-api/pages';
  import type { RemoteName } from '@phonehaat/shared-api/remotes';
  const pages: readonly RemotePage<RemoteName>[];
  export default pages;
}

// The pages the checkout's remotes declare (their src/routes.ts), as their releases publish them: the route table the
// shell's tests run against (tools/federation's test plugin derives them).
import declared from 'virtual:phonehaat/pages';
import type { RemotePage } from '../app/route-remotes';

export const declaredPages: readonly RemotePage[] = declared;

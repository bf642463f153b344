import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

/**
 * A server render's own cache (one per render: never a user's answers in another's page), the one its loaders filled;
 * the server loads the query library before it renders. The browser needs none: its one cache is the default.
 */
export function RenderCache({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

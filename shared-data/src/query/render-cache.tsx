import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

/**
 * A server render's own cache (one per render: never a user's answers in another's page). The browser needs none:
 * its one cache is the default (browserQueryClient).
 */
export function RenderCache({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

import { useEffect, useRef } from 'react';
import { loadQueryLibrary, useApiQuery } from '@phonehaat/shared-data';

// The dashboard's frame reads through the cache: its library loads with the frame's code, not at its first render.
void loadQueryLibrary();

/**
 * How many listings have open reports, for the drawer's badge (admins only), from the one cache every slice reads:
 * a moderation in the admin's slice invalidates `listReports` (its useAction says so), and this reads it again. Asked
 * again on each page change too, as another admin may have acted meanwhile.
 */
export function useOpenReportCount(enabled: boolean, pathname: string): number | undefined {
  const reports = useApiQuery('listReports', { query: { status: 'open', limit: 1 } }, { enabled });
  const { refetch } = reports;
  const shown = useRef(pathname);
  useEffect(() => {
    if (!enabled || shown.current === pathname) return;
    shown.current = pathname;
    void refetch();
  }, [enabled, pathname, refetch]);
  // The badge is a comfort: without it the Reports page still says how many are open.
  return enabled ? reports.data?.openCount : undefined;
}

import { useEffect, useState } from 'react';
import { api } from '@phonehaat/shared-auth';

/**
 * How many listings have open reports, for the drawer's badge (admins only). Read again on each page change and
 * when the admin remote says the queue changed (its `phonehaat:moderation` event), so the badge stays true.
 */
export function useOpenReportCount(enabled: boolean, pathname: string): number | undefined {
  const [count, setCount] = useState<number>();
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const changed = () => setChanges((n) => n + 1);
    window.addEventListener('phonehaat:moderation', changed);
    return () => window.removeEventListener('phonehaat:moderation', changed);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api.listReports({ query: { status: 'open', limit: 1 } }, { signal: controller.signal }).then(
      (page) => setCount(page.openCount),
      // The badge is a comfort: without it the Reports page still says how many are open.
      () => undefined,
    );
    return () => controller.abort();
  }, [enabled, pathname, changes]);
  return enabled ? count : undefined;
}

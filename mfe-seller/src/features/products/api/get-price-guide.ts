import { useEffect, useState } from 'react';
import type { PriceGuide, PriceGuideQuery } from '@phonehaat/shared-api';
import { useApiQuery } from '@phonehaat/shared-data';

/** Typing pauses this long before the guide is asked for. */
const PAUSE_MS = 400;

/**
 * What phones of a model, condition and year sell for (issue 30), for what the seller has typed so far: asked through
 * the cache once typing pauses (the same details again are answered from it); undefined until the details are complete
 * or while it is being asked, and left out when it cannot be had (it is a hint, not a step).
 */
export function usePriceGuide(query: PriceGuideQuery | undefined): PriceGuide | undefined {
  // The query is compared by its text: a new object with the same details asks nothing again.
  const key = query ? JSON.stringify(query) : '';
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setAsked(key), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const guide = useApiQuery('getPriceGuide', asked ? { query: JSON.parse(asked) as PriceGuideQuery } : undefined, { enabled: asked !== '' });
  return asked === key && key ? guide.data : undefined;
}

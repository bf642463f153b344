import { useEffect, useState } from 'react';
import type { PriceGuide, PriceGuideQuery } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** What phones of a model, condition and year sell for (issue 30). */
export const getPriceGuide = (query: PriceGuideQuery) => api.getPriceGuide({ query });

/** Typing pauses this long before the guide is asked for. */
const PAUSE_MS = 400;

/**
 * The guide for what the seller has typed so far, asked again (after a pause) whenever it changes; undefined until
 * the details are complete or while it is being asked, and left out when it cannot be had (it is a hint, not a step).
 */
export function usePriceGuide(query: PriceGuideQuery | undefined): PriceGuide | undefined {
  const [guide, setGuide] = useState<{ key: string; value: PriceGuide }>();
  const key = query ? JSON.stringify(query) : '';
  useEffect(() => {
    if (!query) return;
    let current = true;
    const timer = setTimeout(() => {
      getPriceGuide(query).then(
        (value) => current && setGuide({ key, value }),
        () => undefined,
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The query is compared by its text: a new object with the same details asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return guide && guide.key === key ? guide.value : undefined;
}

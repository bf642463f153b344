import { useEffect, useState } from 'react';
import type { Suggestions } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

export const MIN_SUGGEST_LENGTH = 2;
export const SUGGEST_DEBOUNCE_MS = 200;

export type Suggestion = Suggestions['suggestions'][number];

/** Brands and listing names for what is being typed. */
export const getSuggestions = (q: string, signal: AbortSignal) =>
  api.suggestSearches({ query: { q } }, { signal });

/**
 * Suggestions for the text, asked for once typing pauses, from 2 characters on. A newer text cancels the
 * request in flight, so a slow answer for "ip" never replaces the one for "iphone". A failure shows no
 * suggestions: the search itself still works.
 */
export function useSuggestions(text: string, enabled: boolean): Suggestion[] {
  const [found, setFound] = useState<Suggestion[]>([]);
  const q = text.trim();
  const wanted = enabled && q.length >= MIN_SUGGEST_LENGTH;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(q, controller.signal).then(
        ({ suggestions }) => setFound(suggestions),
        () => controller.signal.aborted || setFound([]),
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, wanted]);

  // While the answer for new text is on its way, the list for the text before it stays (no flicker).
  return wanted ? found : [];
}

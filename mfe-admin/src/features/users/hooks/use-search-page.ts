import { useMemo, useState } from 'react';

export const PAGE_SIZE = 10;

/**
 * Search (by name or email, case-insensitive) and pages over the list the API returns. Done in the
 * browser: the moderation lists are small (hundreds), and the API answers them whole, newest first.
 * Server-side paging is the next step if they grow to many thousands.
 */
export function useSearchPage<T extends { name: string; email: string }>(items: readonly T[]) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? items.filter((item) => item.name.toLowerCase().includes(needle) || item.email.toLowerCase().includes(needle)) : items;
  }, [items, query]);
  const pageCount = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  return {
    query,
    setQuery: (next: string) => {
      setQuery(next);
      setPage(1);
    },
    page: current,
    pageCount,
    setPage,
    total: matches.length,
    rows: matches.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
  };
}

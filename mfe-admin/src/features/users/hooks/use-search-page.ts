import { useEffect, useState } from 'react';
import type { UserPageQuery } from '../api/user-page';

/** What an admin list shows first: no search, page 1. */
export const FIRST_PAGE: UserPageQuery = { q: '', page: 1 };

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 300;

/**
 * The search box and page of an admin list. The server searches and pages; this keeps what is typed, asks
 * for it once typing pauses, and goes back to page 1 when the search changes.
 */
export function useSearchPage() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<UserPageQuery>(FIRST_PAGE);
  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => (current.q === text.trim() ? current : { q: text.trim(), page: 1 })), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return {
    text,
    setText,
    query,
    setPage: (page: number) => setQuery((current) => ({ ...current, page })),
  };
}
export type SearchPage = ReturnType<typeof useSearchPage>;

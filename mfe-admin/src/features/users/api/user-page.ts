/** What the admin lists ask the server for: the search as typed and the page. */
export interface UserPageQuery {
  q: string;
  page: number;
}

/** Rows a page of an admin list holds. */
export const USER_PAGE_SIZE = 10;

/** GET /users/allsellers|allbuyers with paging: the server searches and pages (100,000 users stay fast). */
export const userPageUrl = (kind: 'seller' | 'buyer', { q, page }: UserPageQuery) => {
  const params = new URLSearchParams({ page: String(page), limit: String(USER_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  return `/users/all${kind}s?${params}`;
};

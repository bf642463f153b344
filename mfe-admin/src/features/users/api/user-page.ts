/** What the admin lists ask the server for: the search as typed and the page. */
export interface UserPageQuery {
  q: string;
  page: number;
}

/** Rows a page of an admin list holds. */
export const USER_PAGE_SIZE = 10;

/** The query of an admin list with paging: the server searches and pages (100,000 users stay fast). */
export const userPageQuery = ({ q, page }: UserPageQuery) => ({ page, limit: USER_PAGE_SIZE, q: q.trim() || undefined });

/**
 * Asked with a page, the API answers one page; its older form (every user as a list, for admin remotes from before
 * paging) is read as one page holding them all.
 */
export const onePage = <T,>(answer: { users: T[]; total: number; page: number; limit: number } | T[]) =>
  Array.isArray(answer) ? { users: answer, total: answer.length, page: 1, limit: answer.length } : answer;

/** What a change to an account changes (a seller verified, a number reset, an account removed): both lists, wherever read. */
export const PEOPLE_CHANGES = ['listSellers', 'listBuyers'] as const;

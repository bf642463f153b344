// The first page's HTML for one request (issues 13, 24 and 66): a returning user's composed with their session and
// never kept; a visitor's the same for every visitor of the releases they get, so kept (page-cache.ts) and shared.
import type { IncomingMessage } from 'node:http';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import type { ComposedPage } from './compose';
import type { PageCache } from './page-cache';
import { withPages, type PagesFor } from './release-pages';
import type { ComposedAnswer } from './serve';

export interface FirstPageOptions {
  compose: (url: URL, manifest: Record<string, string>, session?: ServerSession) => Promise<ComposedPage | undefined>;
  pages: PageCache;
  /** The session a request carries (its cookie), or undefined for a visitor. */
  sessionOf: (request: IncomingMessage) => ServerSession | undefined;
  /** Whether every visitor gets the same releases now (no canary running). */
  sameForEveryone: () => boolean;
  /** index.html in the page's language: what is sent when the page is not composed. */
  indexFor: (url: URL) => string;
  /** The pages of a manifest's releases, which a page not composed carries too (release-pages.ts). */
  pagesFor: PagesFor;
}

export function createFirstPage({ compose, pages, sessionOf, sameForEveryone, indexFor, pagesFor }: FirstPageOptions) {
  const index = async (url: URL, manifest: Record<string, string>): Promise<ComposedAnswer> => ({ html: withPages(indexFor(url), await pagesFor(manifest)), status: 200 });
  /** The page at `url` (its origin the visitor's own) for a request whose releases are `manifest`. */
  return async function firstPage(url: URL, manifest: Record<string, string>, request: IncomingMessage): Promise<ComposedAnswer> {
    const session = sessionOf(request);
    if (session) return (await compose(url, manifest, session)) ?? index(url, manifest);
    const kept = await pages.get(`${JSON.stringify(manifest)} ${url.href}`, () => compose(url, manifest));
    return kept ? { ...kept, shared: 'etag' in kept && sameForEveryone() } : index(url, manifest);
  };
}

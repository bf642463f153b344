// The pages of the releases a manifest names (issue 67): each remote's build publishes its page declarations with the
// release (`pages.json`, beside its `remoteEntry.js`), so the shell routes to, lists and composes a slice's new page as
// soon as its release is live, and stops when it is rolled back, with no shell build. A release never changes, so its
// list is read once; one that cannot be read (an older build, its host down) is asked again at the next request, and
// its remote has no pages meanwhile (its addresses are "not found" rather than a page that cannot load).
import { PublishedPages, type PublishedPage, type RemotePage } from '@phonehaat/shared-api/pages';
import { remoteNames, type RemoteName } from '@phonehaat/shared-api/remotes';
import { PAGES_SCRIPT_ID } from '../src/federation/pages-script';
import { scriptJson } from '../src/server/script-json';

export interface ReleasePagesOptions {
  timeoutMs?: number;
  warn?: (message: string) => void;
}

export type PagesFor = (manifest: Record<string, string>) => Promise<RemotePage<RemoteName>[]>;

export function createReleasePages({ timeoutMs = 2000, warn = (message) => console.warn(message) }: ReleasePagesOptions = {}): PagesFor {
  const lists = new Map<string, Promise<PublishedPage[]>>();
  const published = (entry: string): Promise<PublishedPage[]> => {
    let list = lists.get(entry);
    if (!list) {
      list = (async () => {
        const url = new URL('pages.json', entry);
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
        return PublishedPages.parse(await response.json());
      })();
      list.catch(() => lists.delete(entry));
      lists.set(entry, list);
    }
    return list;
  };
  // The same list for the same releases, so what is made of it (the server's route tables) is made once.
  const combined = new Map<string, Promise<RemotePage<RemoteName>[]>>();

  return async function pagesFor(manifest) {
    const remotes = remoteNames.filter((remote) => typeof manifest[remote] === 'string' && manifest[remote] !== '');
    const key = remotes.map((remote) => manifest[remote]).join(' ');
    const known = combined.get(key);
    if (known) return known;
    let failed = false;
    const perRemote = await Promise.all(
      remotes.map((remote) =>
        published(manifest[remote]!).then(
          (pages) => pages.map((page) => ({ ...page, remote })),
          (error: Error) => {
            failed = true;
            warn(`shell server: the pages of ${remote}'s release are not known (${error.message}); its addresses are not routed`);
            return [];
          },
        ),
      ),
    );
    // A path two releases claim goes to the first in the remote list, and is said.
    const owners = new Map<string, RemoteName>();
    const pages = perRemote.flat().filter((page) => {
      const owner = owners.get(page.path);
      if (owner && owner !== page.remote) warn(`shell server: ${page.remote} and ${owner} both publish ${page.path}; ${owner}'s is routed`);
      if (owner) return false;
      owners.set(page.path, page.remote);
      return true;
    });
    if (!failed) combined.set(key, Promise.resolve(pages));
    return pages;
  };
}

/** The page's HTML with the releases' pages in its head, where the app's start reads them (src/federation/early-start.ts). */
export const withPages = (html: string, pages: readonly RemotePage[]): string =>
  html.replace('</head>', () => `<script type="application/json" id="${PAGES_SCRIPT_ID}">${scriptJson(pages)}</script></head>`);

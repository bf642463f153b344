// Runs first, before the shell's own modules: asks for the remotes manifest at once and starts
// downloading the page that the first address shows, in parallel with the shell's start-up: the remote's
// entry, then, from the remote's preload.json, all of the page's chunks and CSS at once and its public data.
// (No shared module may be imported here: federation is not initialised yet.)
import type { PagePreloads } from '@phonehaat/shared-api/page-preloads';
import { pageForPath, setRemotePages, type RemotePage } from '../app/route-remotes';
import { HYDRATION_SCRIPT_ID } from '../server/hydration';
import { PAGES_SCRIPT_ID } from './pages-script';

/** A composed page carries the manifest it was composed from (and its start script already fetches its chunks). */
function composedManifest(): Record<string, unknown> | undefined {
  try {
    const data = JSON.parse(document.getElementById(HYDRATION_SCRIPT_ID)?.textContent ?? '') as { manifest?: Record<string, unknown> };
    return data.manifest;
  } catch {
    return undefined;
  }
}
const composed = composedManifest();

export const manifestRequest: Promise<unknown> = composed
  ? Promise.resolve(composed)
  : fetch('/remotes.json', { cache: 'no-cache' })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`/remotes.json answered ${response.status}`))))
      .catch((error: unknown) => {
        console.error('PhoneHaat could not read the remotes manifest', error);
        return {};
      });

/**
 * The pages of the releases this visitor's manifest names (issue 67): in the page the shell's server sent, or asked of
 * it (a page served otherwise: a development server). None when neither answers: every address is then "not found".
 */
function inlinePages(): RemotePage[] | undefined {
  try {
    return JSON.parse(document.getElementById(PAGES_SCRIPT_ID)?.textContent ?? '') as RemotePage[];
  } catch {
    return undefined;
  }
}
const inline = inlinePages();
export const pagesRequest: Promise<readonly RemotePage[]> = (
  inline
    ? Promise.resolve(inline)
    : fetch('/pages.json', { cache: 'no-cache' })
        .then((response) => (response.ok ? (response.json() as Promise<RemotePage[]>) : Promise.reject(new Error(`/pages.json answered ${response.status}`))))
        .catch((error: unknown) => {
          console.error("PhoneHaat could not read the releases' pages", error);
          return [];
        })
).then((pages) => {
  setRemotePages(pages);
  return pages;
});

function hint(rel: string, href: string, extra: Record<string, string> = {}): void {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  for (const [name, value] of Object.entries(extra)) link.setAttribute(name, value);
  document.head.append(link);
}

function signedIn(): boolean {
  try {
    return Boolean(localStorage.getItem('accessToken'));
  } catch {
    return false; // storage blocked: the app behaves as signed out too
  }
}

void Promise.all([manifestRequest, pagesRequest]).then(async ([manifest]) => {
  // Its path within the app: a Bangla page's address starts with /bn (the language is not part of the route table).
  // (Written out here: importing shared-api's languages would merge this module into a shared chunk.)
  const path = window.location.pathname;
  const bangla = path === '/bn' || path.startsWith('/bn/');
  const page = pageForPath(bangla ? path.slice(3) || '/' : path);
  if (!page || composed) return;
  const entry = (manifest as Record<string, unknown>)[page.remote];
  if (typeof entry !== 'string') return;
  hint('modulepreload', entry, { crossorigin: '' });
  const preloads = await fetch(new URL('preload.json', entry), { cache: 'no-cache' })
    .then((response) => (response.ok ? (response.json() as Promise<PagePreloads>) : undefined))
    .catch(() => undefined); // an older build without it: the page loads as before
  const wanted = preloads?.[page.module];
  if (!wanted) return;
  for (const file of wanted.js ?? []) hint('modulepreload', new URL(file, entry).href, { crossorigin: '' });
  // The remote's words in the page's language (the shell's own come with index.html).
  for (const file of wanted.catalogs?.[bangla ? 'bn' : 'en'] ?? []) hint('modulepreload', new URL(file, entry).href, { crossorigin: '' });
  // crossorigin as Vite's loader sets it on the stylesheet link, or the browser would not reuse the preloaded file.
  for (const file of wanted.css ?? []) hint('preload', new URL(file, entry).href, { as: 'style', crossorigin: '' });
  // A visitor's public reads go out as plain CORS fetches, which these preloads match; a signed-in user's carry a
  // token (shared-auth's token.ts keeps it under "accessToken") and would not use them.
  if (signedIn()) return;
  for (const path of wanted.data ?? []) hint('preload', `${import.meta.env.PUBLIC_API_URL}${path}`, { as: 'fetch', crossorigin: 'anonymous' });
});

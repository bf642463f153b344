// The shape of a remote's preload.json (written by tools/federation/vite.ts), read by the shell's early start in the
// browser and by the shell's server (issue 13). Types only: the early start may import nothing at run time.

/** What one exposed page needs at once; paths of files are relative to the remote's remoteEntry.js. */
export interface PagePreload {
  /** Its static chunk closure. */
  js: string[];
  css: string[];
  /** Public API reads it starts with (paths on the API). */
  data: readonly string[];
  /** Its remote's Module Federation server entry, for a page composed on the server (decision 019). */
  ssr?: string;
  /** Its remote's catalog chunk(s) per language (issue 25): fetched with the page's code, not after it starts. */
  catalogs?: Record<string, string[]>;
}

/** preload.json: per exposed page ("home-page"). */
export type PagePreloads = Record<string, PagePreload | undefined>;

// A remote's pages, declared by the remote itself in its src/routes.ts (issue 44): the shell's route table, its slots'
// labels, the dashboard's menu, the shell server's composition list and the remote's own exposes are all derived from
// these declarations at build time (tools/federation), so a new page in a slice touches only that slice's folder.
import type { Language } from './languages.ts';
import type { Permission } from './permissions.ts';

/** Words in every language the market offers. */
export type Words = Record<Language, string>;

export interface PageDeclaration {
  /** Its address as the router matches it: "/dashboard/earnings", "/product/:id", "/inbox/:id?". */
  path: string;
  /** Its exposed module ("earnings-page"), and the file (from the remote's folder) that default-exports the page. */
  module: string;
  file: string;
  /** Who may see it: signed-in people whose role grants this; null: anyone, visitors too. */
  permission: Permission | null;
  /** What its slot says it is loading ("Loading your earnings"), in each language. */
  label: Words;
  /** Its entry in the dashboard's side menu (a page under /dashboard/), in each language. */
  menu?: Words;
  /** The shell's server composes it for a first visit (decisions 018 and 019). */
  composed?: boolean;
  /** The page exports `loader`: the route runs it (after the permission check) before the page shows. */
  loader?: boolean;
  /** With a loader: the page also loads its own data when no loader ran, so a remote that cannot load shows its slot. */
  loadsItself?: boolean;
  /** Public API reads it starts with, fetched alongside its code (preload.json). */
  preloadData?: readonly string[];
}

/** A remote page as the shell knows it: its declaration (without its file) and the remote it is in. */
export type RemotePage<Remote extends string = string> = Omit<PageDeclaration, 'file' | 'preloadData'> & { remote: Remote };

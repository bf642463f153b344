// A remote's pages, declared by the remote itself in its src/routes.ts (issue 44). Its build derives its exposes from
// them and publishes them with the release (`pages.json`, beside `remoteEntry.js`); the shell reads them from the
// releases its live manifest names, at run time (issue 67): its route table, its slots' labels, the dashboard's menu
// and its server's composition list, so a new page ships with its slice's release alone.
import { z } from 'zod';
import { languages, type Language } from './languages.ts';
import { rolePermissions, type Permission } from './permissions.ts';

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

/** A release's page list as it publishes it (`pages.json`), checked by the shell before it routes to any of them. */
export const PublishedPage = z.object({
  path: z.string().regex(/^\/[\w\-/:?]*$/),
  module: z.string().regex(/^[a-z][a-z0-9-]*$/),
  permission: z.enum([...new Set(Object.values(rolePermissions).flat())] as [Permission, ...Permission[]]).nullable(),
  label: z.object(Object.fromEntries(languages.map((language) => [language, z.string().min(1)])) as Record<Language, z.ZodString>),
  menu: z.object(Object.fromEntries(languages.map((language) => [language, z.string().min(1)])) as Record<Language, z.ZodString>).optional(),
  composed: z.boolean().optional(),
  loader: z.boolean().optional(),
  loadsItself: z.boolean().optional(),
});
export type PublishedPage = z.infer<typeof PublishedPage>;
export const PublishedPages = z.array(PublishedPage);

/** What a release publishes of a declaration (its file and preloads are the build's own). */
export const publishedPage = ({ file: _file, preloadData: _preload, ...page }: PageDeclaration): PublishedPage => page;

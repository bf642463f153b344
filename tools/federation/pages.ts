// Each remote declares its pages in its own src/routes.ts (issue 44). From those declarations a remote's build derives
// its exposes, the pages its server renderer renders and their preloads, and the page list it publishes with its
// release (pages.json: the shell reads it from the live releases at run time, issue 67). The checkout's whole list
// (`shellPages`) is what the shell's tests route to (`virtual:phonehaat/pages`) and its development server answers.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { PageDeclaration, RemotePage } from '@phonehaat/shared-api/pages';
import type { RemoteName } from '@phonehaat/shared-api/remotes';

const workspace = fileURLToPath(new URL('../../', import.meta.url));

/** Each remote's declared pages, in the remote list's order (a checkout's list may name a remote this one lacks). */
export type DeclaredPages = Partial<Record<string, readonly PageDeclaration[]>>;

const load = async <T>(file: string, root: string) => (await runnerImport<T>(file, { configFile: false, root, logLevel: 'error' })).module;

/**
 * Every remote's declarations, read from mfe-<name>/src/routes.ts for each remote in the checkout's list
 * (shared-api/src/remotes.ts, read from the checkout itself); a remote whose folder is not there has none.
 */
export async function readDeclaredPages(root = workspace, names?: readonly string[]): Promise<DeclaredPages> {
  const listed = names ?? (await load<{ remoteNames: readonly string[] }>(`${root}shared-api/src/remotes.ts`, root)).remoteNames;
  const found: Record<string, readonly PageDeclaration[]> = {};
  for (const name of listed) {
    const file = `${root}mfe-${name}/src/routes.ts`;
    if (!existsSync(file)) continue;
    found[name] = (await load<{ pages: readonly PageDeclaration[] }>(file, `${root}mfe-${name}`)).pages;
  }
  return found as DeclaredPages;
}

export interface ShellPages {
  /** Every remote page, in the remote list's order and each remote's own. */
  pages: RemotePage<RemoteName>[];
}

/** What the shell derives from the remotes' declarations; a path two pages claim is a build error. */
export function shellPages(declared: DeclaredPages): ShellPages {
  const pages: RemotePage<RemoteName>[] = [];
  const owners = new Map<string, string>();
  for (const [remote, declarations] of Object.entries(declared) as [RemoteName, readonly PageDeclaration[]][]) {
    for (const { file: _file, preloadData: _preload, ...page } of declarations) {
      const claimed = owners.get(page.path);
      if (claimed) throw new Error(`${page.path} is declared twice: by ${claimed} and by ${remote}/${page.module}`);
      if (page.menu && !page.path.startsWith('/dashboard/')) throw new Error(`${remote}/${page.module}: only a page under /dashboard/ has a menu entry`);
      owners.set(page.path, `${remote}/${page.module}`);
      pages.push({ ...page, remote });
    }
  }
  return { pages };
}

/** A remote's Module Federation exposes, server-rendered pages and preloaded reads, from its declarations. */
export function remoteFacts(pages: readonly PageDeclaration[]) {
  return {
    exposes: Object.fromEntries(pages.map((page) => [`./${page.module}`, page.file])),
    serverPages: pages.filter((page) => page.composed).map((page) => `./${page.module}`),
    preloadData: Object.fromEntries(pages.filter((page) => page.preloadData?.length).map((page) => [`./${page.module}`, page.preloadData!])),
  };
}

let cached: Promise<ShellPages> | undefined;
/** The shell's derived pages, read once per build. */
export const derivedShellPages = (): Promise<ShellPages> => (cached ??= readDeclaredPages().then(shellPages));

const PAGES = 'virtual:phonehaat/pages';

/** The checkout's pages as a module, for the shell's tests (see the top of this file). */
export const remotePagesPlugin = (): Plugin => ({
  name: 'phonehaat:remote-pages',
  resolveId: (id) => (id === PAGES ? `\0${id}` : undefined),
  async load(id) {
    if (id !== `\0${PAGES}`) return undefined;
    return `export default ${JSON.stringify((await derivedShellPages()).pages)};`;
  },
});

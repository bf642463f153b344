// What the slice tests share: builds laid out as the real ones are, a live shell's facts, a deployer on a free port.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogCoverage, RemoteName, ShellFacts } from '@phonehaat/shared-api/releases';
import { createDeployer, type FiguresSource } from '../src/deployer.js';
import type { JudgeSettings } from '../src/judge.js';
import { createFileStore, type ReleaseStore } from '../src/store.js';

export const shellFacts: ShellFacts = {
  name: 'shell',
  provides: { react: '19.3.0', 'react-dom': '19.3.0', zustand: '5.1.0', '@phonehaat/shared-ui': '0.1.0' },
};

const exposesOf: Record<RemoteName, string[]> = {
  storefront: ['home-page', 'blog-page'],
  seller: ['add-product-page', 'my-products-page'],
  buyer: ['my-orders-page'],
  admin: ['all-sellers-page'],
  inbox: ['inbox-page'],
};

/** A remote's build folder: remoteEntry.js, a chunk, and federation.json; `mark` makes its content (and version) its own. */
export function fakeBuild(remote: RemoteName, mark: string, facts: { requires?: Record<string, string>; exposes?: string[]; pages?: string[]; catalogs?: CatalogCoverage } = {}): string {
  const folder = mkdtempSync(join(tmpdir(), `phonehaat-build-${remote}-`));
  mkdirSync(join(folder, 'assets'));
  writeFileSync(join(folder, 'remoteEntry.js'), `export const build = ${JSON.stringify(mark)};\n`);
  writeFileSync(join(folder, 'assets', `page-${mark}.js`), `export default ${JSON.stringify(mark)};\n`);
  writeFileSync(
    join(folder, 'federation.json'),
    JSON.stringify({ name: remote, exposes: facts.exposes ?? exposesOf[remote], pages: facts.pages ?? exposesOf[remote], requires: facts.requires ?? { react: '^19.3.0', zustand: '^5.1.0' }, catalogs: facts.catalogs }),
  );
  return folder;
}

export const tokens = { storefront: 'storefront-token-0123456789', buyer: 'buyer-token-0123456789', seller: 'seller-token-0123456789', admin: 'admin-token-0123456789', inbox: 'inbox-token-0123456789' };

/** A deployer over a fresh folder store, listening on a free port. */
export async function startDeployer(options: { store?: ReleaseStore; stateFile?: string; shell?: () => Promise<ShellFacts>; figures?: FiguresSource; judgeSettings?: JudgeSettings } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'phonehaat-deployer-'));
  const store = options.store ?? createFileStore(join(folder, 'releases'));
  const stateFile = options.stateFile ?? join(folder, 'state.json');
  const deployer = await createDeployer({
    store,
    stateFile,
    tokens: new Map(Object.entries(tokens).map(([remote, token]) => [token, remote as RemoteName])),
    shellFacts: options.shell ?? (async () => shellFacts),
    publicUrl: 'http://cdn.test/releases',
    ...(options.figures ? { figures: options.figures } : {}),
    ...(options.judgeSettings ? { judgeSettings: options.judgeSettings } : {}),
  });
  const server = await deployer.listen(0);
  const call = async (method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json().catch(() => undefined)) as Record<string, unknown> & { error?: string } };
  };
  return { deployer, store, stateFile, folder, url: server.url, close: server.close, call };
}

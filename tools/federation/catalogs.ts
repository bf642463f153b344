// Each package's catalogs (issue 25): `src/locales/<language>.json`, flat keys → ICU messages, English the source.
// Imported as `./locales/bn.json?catalog`, a catalog is compiled here at build time (so the browser ships no message
// compiler) into its messages, with English standing in for any this language lacks, and the list of those.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { localesFolders } from './catalogs-check.js';

const QUERY = '?catalog';

type Messages = Record<string, string>;

const readMessages = (file: string): Messages => JSON.parse(readFileSync(file, 'utf8')) as Messages;

/** A language's catalog against English: compiled messages (English where missing) and the keys missing. */
export function compileCatalog(file: string): { messages: Record<string, unknown>; missing: string[] } {
  const english = readMessages(join(dirname(file), 'en.json'));
  const own = readMessages(file);
  const missing = Object.keys(english).filter((key) => typeof own[key] !== 'string');
  const messages = Object.fromEntries(Object.keys(english).map((key) => [key, compileMessageOrThrow(own[key] ?? english[key]!)]));
  return { messages, missing };
}

/**
 * What a package's catalogs hold, per language (the release's coverage, in its federation.json): every `locales` folder
 * under src (the main one and those of features), a key named with its folder when it is not the main one's.
 */
export function catalogCoverage(root: string): Record<string, { messages: number; missing: string[] }> | undefined {
  const folders = localesFolders(root).filter((dir) => existsSync(join(dir, 'en.json')));
  if (folders.length === 0) return undefined;
  const coverage: Record<string, { messages: number; missing: string[] }> = {};
  for (const dir of folders) {
    const english = Object.keys(readMessages(join(dir, 'en.json')));
    const prefix = relative(join(root, 'src'), dir) === 'locales' ? '' : `${relative(join(root, 'src'), dirname(dir))}/`;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const own = readMessages(join(dir, file));
      const entry = (coverage[basename(file, '.json')] ??= { messages: 0, missing: [] });
      entry.messages += english.length;
      entry.missing.push(...english.filter((key) => typeof own[key] !== 'string').map((key) => `${prefix}${key}`));
    }
  }
  return coverage;
}

export const catalogsPlugin = (): Plugin => ({
  name: 'phonehaat:catalogs',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (!source.endsWith(`.json${QUERY}`)) return undefined;
    const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
    return resolved && `${resolved.id}${QUERY}`;
  },
  load(id) {
    if (!id.endsWith(`.json${QUERY}`)) return undefined;
    const file = id.slice(0, -QUERY.length);
    this.addWatchFile(file);
    this.addWatchFile(join(dirname(file), 'en.json'));
    return `export default ${JSON.stringify(compileCatalog(file))};\n`;
  },
});

// Each package's catalogs (issue 25): `src/locales/<language>.json`, flat keys → ICU messages, English the source.
// Imported as `./locales/bn.json?catalog`, a catalog is compiled here at build time (so the browser ships no message
// compiler) into its messages, with English standing in for any this language lacks, and the list of those.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

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

/** What a package's catalogs hold, per language (the release's coverage, in its federation.json). */
export function catalogCoverage(root: string): Record<string, { messages: number; missing: string[] }> | undefined {
  const dir = join(root, 'src', 'locales');
  if (!existsSync(join(dir, 'en.json'))) return undefined;
  const english = Object.keys(readMessages(join(dir, 'en.json')));
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const own = readMessages(join(dir, file));
        return [basename(file, '.json'), { messages: english.length, missing: english.filter((key) => typeof own[key] !== 'string') }];
      }),
  );
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

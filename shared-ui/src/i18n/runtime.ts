// The i18n runtime every slice shares (issue 25): one Lingui instance, in shared-ui, a Module Federation singleton, so
// the shell's language switch reaches every remote at once. Each slice owns its words: it registers its catalogs (one
// module per language, built with its release) under its own namespace, and only the active language's are loaded.
import { setupI18n, type Messages } from '@lingui/core';
import { isLanguage, type Language } from './languages';

/** A compiled catalog module (tools/federation's catalogs plugin): its messages and those English stands in for. */
export interface CompiledCatalog {
  messages: Record<string, unknown>;
  missing: string[];
}
export type CatalogLoaders = Record<Language, () => Promise<{ default: CompiledCatalog }>>;

/**
 * One per page, kept on the page itself: a subpath entry (`@phonehaat/shared-ui/data-table`, kept off a visitor's
 * first page) is bundled into each slice that imports it, with its own copy of this module; a copy of its own would
 * have no language and no words (a table's scroll hint was empty on every page, and said so on the console).
 */
const page = globalThis as typeof globalThis & { __phonehaatI18n?: ReturnType<typeof setupI18n> };
export const i18n = (page.__phonehaatI18n ??= setupI18n({
  locale: 'en',
  // Never a raw key on the page: a message no catalog has (a test in its package fails first) is left out, and said.
  missing: (locale, id) => {
    console.error(`PhoneHaat: no message "${id}" in the ${locale} catalogs`);
    return '';
  },
}));

const registry = new Map<string, CatalogLoaders>();
const loaded = new Map<string, Promise<void>>();

/** Registers a slice's catalogs (once per namespace: a newer release's replace an older's). */
export function registerCatalogs(namespace: string, loaders: CatalogLoaders): void {
  if (registry.get(namespace) === loaders) return;
  registry.set(namespace, loaders);
  for (const key of loaded.keys()) if (key.startsWith(`${namespace}|`)) loaded.delete(key);
}

function loadOne(namespace: string, language: Language): Promise<void> {
  const key = `${namespace}|${language}`;
  let done = loaded.get(key);
  if (!done) {
    const load = registry.get(namespace)![language];
    done = load().then(({ default: catalog }) => {
      if (catalog.missing.length) {
        console.warn(`PhoneHaat: the ${namespace} catalog in ${language} lacks ${catalog.missing.length} messages, shown in English: ${catalog.missing.join(', ')}`);
      }
      i18n.load(language, Object.fromEntries(Object.entries(catalog.messages).map(([id, message]) => [`${namespace}:${id}`, message])) as Messages);
    });
    done.catch(() => loaded.delete(key)); // tried again next time
    loaded.set(key, done);
  }
  return done;
}

/** Loads every registered slice's catalog in this language (those already loaded are not asked for again). */
export async function loadCatalogs(language: Language): Promise<void> {
  await Promise.all([...registry.keys()].map((namespace) => loadOne(namespace, language)));
}

/** Shows the page in this language (its catalogs loaded first); on a server, for the render about to be made. */
export const activateLanguage = (language: Language): void => i18n.activate(language);

/** The language the page shows now. */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');

import { useMemo, useSyncExternalStore } from 'react';
import type { Language } from './languages';
import { currentLanguage, i18n, registerCatalogs, type CatalogLoaders } from './runtime';
import { formatNumber } from './format';

export type MessageValues = Record<string, string | number | Date>;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/**
 * The language the page shows, for components: they render again when it changes (no provider needed, so it holds
 * for a remote's page rendered alone, on a server, or in a test). On a server, the language of the render in progress.
 */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, currentLanguage, currentLanguage);

/**
 * A number in a message, written in the page's digits ("পাতা ২ / ৩", not "পাতা 2 / 3") but still a number to the
 * message's plural and number formats (they convert it with the number hint). Grouped from five digits only, so a
 * year reads "২০২৪".
 */
function inLanguageDigits(values: MessageValues | undefined, language: Language): MessageValues | undefined {
  if (!values || language === 'en') return values;
  const written = (value: number) => ({
    [Symbol.toPrimitive]: (hint: string) => (hint === 'number' ? value : formatNumber(value, language, { useGrouping: 'min2' })),
  });
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? (written(value) as unknown as number) : value]));
}

/**
 * A slice's words: registers its catalogs under its namespace, and gives it `useT` (for components) and `t` (outside
 * React: toasts, loaders), both typed by the keys of its English catalog, so a key used in code but missing there does
 * not compile.
 */
export function catalogs<Catalog extends Record<string, string>>(namespace: string, loaders: CatalogLoaders) {
  registerCatalogs(namespace, loaders);
  type Key = Extract<keyof Catalog, string>;
  const t = (key: Key, values?: MessageValues): string => i18n._(`${namespace}:${key}`, inLanguageDigits(values, currentLanguage()));
  function useT() {
    const language = useLanguage();
    // A new function when the language changes, so what depends on it renders again.
    return useMemo(() => Object.assign((key: Key, values?: MessageValues) => t(key, values), { language }), [language]);
  }
  return { t, useT };
}

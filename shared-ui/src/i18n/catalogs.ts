import { cloneElement, isValidElement, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { Language } from './languages';
import { currentLanguage, i18n, registerCatalogs, type CatalogLoaders } from './runtime';
import { formatNumber } from './format';

export type MessageValues = Record<string, string | number | Date>;
/** A message's values where some are elements (people's text marked `<UserText>`, a link, a strong word). */
export type RichValues = Record<string, string | number | Date | ReactElement>;

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

// Private-use characters no catalog or person's text uses: they hold an element's place while the message is formatted.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACE = /\uE000(\d+)\uE001/;

/**
 * A message whose values include elements: formatted as text with a placeholder in each element's place (so plurals,
 * numbers and the translation's word order apply as usual), then split there and the elements put back.
 */
export function richMessage(format: (values: MessageValues) => string, values: RichValues): ReactNode[] {
  const elements: ReactElement[] = [];
  const plain: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (isValidElement(value)) {
      plain[name] = `${OPEN}${elements.length}${CLOSE}`;
      elements.push(value);
    } else plain[name] = value as string | number | Date;
  }
  return format(plain)
    .split(PLACE)
    .map((part, index) => (index % 2 === 1 ? cloneElement(elements[Number(part)]!, { key: index }) : part))
    .filter((part) => part !== '');
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
  /** The message with elements among its values: `t.rich('sale', { buyer: <UserText>{name}</UserText> })`. */
  const rich = (key: Key, values: RichValues): ReactNode[] => richMessage((plain) => t(key, plain), values);
  function useT() {
    const language = useLanguage();
    // A new function when the language changes, so what depends on it renders again.
    return useMemo(() => Object.assign((key: Key, values?: MessageValues) => t(key, values), { language, rich }), [language]);
  }
  return { t, useT };
}

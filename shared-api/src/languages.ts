// The market's languages and their addresses (issue 25): English at the addresses PhoneHaat always had, Bangla under
// /bn. Pure, for the browser, the shell's server, the API and the tools alike.

export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/** The cookie (and storage key) that remembers a person's choice, signed in or not. */
export const LANGUAGE_COOKIE = 'phonehaat_lang';

/** The locale Intl formats a language's numbers, prices and dates with. */
export const intlLocale = (language: Language): string => (language === 'bn' ? 'bn-BD' : 'en-GB');

/** Each language's name, in itself: what the switch offers. */
export const languageNames: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/** The router's basename for a language: Bangla pages live under /bn. */
export const basenameOf = (language: Language): string => (language === 'bn' ? '/bn' : '');

/** The language an address is in: /bn and below are Bangla. */
export const languageOfPath = (pathname: string): Language => (pathname === '/bn' || pathname.startsWith('/bn/') ? 'bn' : 'en');

/** The address without its language: /bn/blog → /blog. */
export const pathWithoutLanguage = (pathname: string): string => (languageOfPath(pathname) === 'bn' ? pathname.slice(3) || '/' : pathname);

/** The same page's address in a language: /blog → /bn/blog, /bn/blog → /blog. */
export function pathInLanguage(pathname: string, language: Language): string {
  const path = pathWithoutLanguage(pathname);
  return language === 'bn' ? `/bn${path === '/' ? '' : path}` : path;
}

/** The first of these languages an Accept-Language header prefers (q-values honoured), or undefined. */
export function preferredLanguage(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    if (isLanguage(language)) return language;
  }
  return undefined;
}

/** Bangla digits as the ASCII ones a program reads: "২৫,০০০" → "25,000" (anything else is left as typed). */
export const asciiDigits = (text: string): string => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));

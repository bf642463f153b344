// Which language the shell's server sends a page in (issue 25). Bangla pages have their own addresses (/bn…) and
// English ones stay where they always were, so a shared link opens in its own language; the entry points (the home
// page, sign-in and sign-up) and the signed-in pages follow the remembered choice, or on a first visit the browser's
// Accept-Language, by sending the visitor to that language's address (a phone's check too: the phone's language).
import { LANGUAGE_COOKIE, isLanguage, languageOfPath, pathInLanguage, pathWithoutLanguage, preferredLanguage, type Language } from '@phonehaat/shared-ui/languages';

export type LanguageDecision = { language: Language; redirect?: undefined } | { redirect: string; language?: undefined; remember?: Language };

/** The query parameter the language switch's link carries: a choice made before the app has started. */
export const CHOICE_PARAM = 'lang';


/**
 * Addresses whose language is the person's, not the address's: and a phone's check (issue 68), opened from a QR code on
 * the phone being checked, in that phone's language.
 */
export const followsChoice = (path: string) =>
  path === '/' || path === '/login' || path === '/signup' || path === '/dashboard' || path.startsWith('/dashboard/') || path.startsWith('/check/');

/** The remembered choice, from the Cookie header. */
export function rememberedLanguage(cookie: string | undefined): Language | undefined {
  const value = cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(value) ? value : undefined;
}

/** The page's language for this address, or where to send the visitor for the one they chose. */
export function decideLanguage(url: URL, cookie: string | undefined, acceptLanguage: string | undefined): LanguageDecision {
  const chosen = url.searchParams.get(CHOICE_PARAM);
  if (isLanguage(chosen)) {
    // The switch followed as a link (before the app started, or in a new tab): remember it, and show the clean address.
    const rest = new URLSearchParams(url.searchParams);
    rest.delete(CHOICE_PARAM);
    const query = rest.size ? `?${rest}` : '';
    return { redirect: `${pathInLanguage(url.pathname, chosen)}${query}`, remember: chosen };
  }
  const addressed = languageOfPath(url.pathname);
  if (addressed !== 'en') return { language: addressed };
  const path = pathWithoutLanguage(url.pathname);
  const wanted = rememberedLanguage(cookie) ?? preferredLanguage(acceptLanguage) ?? 'en';
  if (followsChoice(path) && wanted !== 'en') return { redirect: `${pathInLanguage(path, wanted)}${url.search}` };
  return { language: 'en' };
}

/** The cookie that remembers the language a page was last seen in, for a year. */
export const languageCookie = (language: Language, secure: boolean) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;

// The language switch (issue 25): one control in the shell's navbar changes the shell and every remote at once,
// without a reload. The catalogs of every slice on the page are loaded first, then the runtime (shared-ui's singleton)
// switches and everything that says a word renders again; the address moves to the language's own (/bn…), which the
// app follows with a router of that basename (bootstrap.tsx), and the choice is remembered in a cookie, signed in or not.
import { activateLanguage, LANGUAGE_COOKIE, loadCatalogs, pathInLanguage, type Language } from '@phonehaat/shared-ui';
import { t } from '../i18n';

type Listener = (language: Language) => void;
let listener: Listener = () => undefined;

/** The app's root: it moves the router to the new language's addresses. */
export function onLanguageSwitched(follow: Listener): void {
  listener = follow;
}

/** Remembers the choice for a year (read by the shell's server for pages without a language of their own). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/** Shows the page in the language: its catalogs, the document's lang, the address, the remembered choice. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadCatalogs(language);
  rememberLanguage(language);
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathInLanguage(pathname, language)}${search}${hash}`);
  activateLanguage(language);
  document.documentElement.lang = language;
  // The site's own title (index.html's, the last in <head>: a page's title is put ahead of it) and description.
  const titles = document.head.querySelectorAll('title');
  const siteTitle = titles[titles.length - 1];
  if (siteTitle) siteTitle.textContent = t('site.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('site.description'));
  listener(language);
}

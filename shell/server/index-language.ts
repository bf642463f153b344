// index.html in a page's language (issue 25): what every page starts from, composed or not. Its few words (the site's
// title and description, the no-JavaScript notice) come from the shell's catalogs, as the app's own words do.
import type { Language } from '@phonehaat/shared-ui/languages';
import bn from '../src/locales/bn.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };

const catalogs: Record<Language, typeof en> = { en, bn: { ...en, ...bn } };
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The built index.html with the language's lang, title, description and notice (English as built), and, where given,
 * the shell's catalog chunks of the language asked for with the rest of its code (not once the app has started).
 */
export function indexInLanguage(index: string, language: Language, catalogChunks: string[] = []): string {
  const preloads = catalogChunks.map((href) => `<link rel="modulepreload" crossorigin="" href="${escapeText(href)}">`).join('');
  const withCatalogs = preloads ? index.replace('</head>', () => `${preloads}</head>`) : index;
  if (language === 'en') return withCatalogs;
  const words = catalogs[language];
  return withCatalogs
    .replace('<html lang="en">', () => `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(words['site.title'])}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeText(words['site.description'])}"`)
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeText(words['site.noscript'])}</noscript>`)
    // The installable app's name and start page in the language (issue 48).
    .replace('<link rel="manifest" href="/manifest.webmanifest"', () => `<link rel="manifest" href="/manifest.${language}.webmanifest"`);
}

import { useLocation } from 'react-router-dom';
import { basenameOf, languageNames, languages, pathInLanguage, useLanguage } from '@phonehaat/shared-ui';
import { switchLanguage } from '../app/language';
import { useT } from '../i18n';
import styles from './navbar.module.css';

/** The page's query with the choice in it, for the server to remember when the link is followed as a link. */
function withChoice(search: string, language: string): string {
  const query = new URLSearchParams(search);
  query.set('lang', language);
  return `?${query}`;
}

/**
 * বাংলা / English: the other language, as a link to this page's address in it (so it works before the app has
 * started, and opens in a new tab: its `?lang=` makes the shell's server remember the choice), which the app follows
 * without a reload.
 */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  const { pathname, search, hash } = useLocation();
  const here = `${basenameOf(language)}${pathname === '/' && language === 'bn' ? '' : pathname}`;
  return (
    <ul className={styles.languages} aria-label={t('nav.language')}>
      {languages.map((other) => (
        <li key={other}>
          {other === language ? (
            <span className={styles.language} aria-current="true" lang={other}>
              {languageNames[other]}
            </span>
          ) : (
            <a
              className={styles.language}
              href={`${pathInLanguage(here, other)}${withChoice(search, other)}${hash}`}
              hrefLang={other}
              lang={other}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                void switchLanguage(other);
              }}
            >
              {languageNames[other]}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

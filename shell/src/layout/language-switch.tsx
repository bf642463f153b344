import { useLocation } from 'react-router-dom';
import { basenameOf, languageNames, languages, pathInLanguage, useLanguage } from '@phonehaat/shared-ui';
import { switchLanguage } from '../app/language';
import { useT } from '../i18n';
import styles from './navbar.module.css';

/**
 * বাংলা / English: the other language, as a link to this page's address in it (so it works before the app has
 * started, and opens in a new tab), which the app follows without a reload.
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
              href={`${pathInLanguage(here, other)}${search}${hash}`}
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

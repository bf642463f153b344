import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import styles from './footer.module.css';
import { useLanguage, yearText } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

export function Footer() {
  const t = useT();
  const language = useLanguage();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.brand}>PhoneHaat</p>
          <p className={styles.text}>{t('footer.text')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.home}>{t('nav.home')}</Link>
            </li>
            <li>
              <Link to={paths.blog}>{t('nav.blog')}</Link>
            </li>
            <li>
              <Link to={paths.signup}>{t('footer.sell')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copy}>{t('footer.copy', { year: yearText(new Date().getFullYear(), language) })}</p>
    </footer>
  );
}

import { Link } from 'react-router-dom';
import { env, paths } from '@phonehaat/shared-auth';
import { buttonClass } from '@phonehaat/shared-ui';
import styles from './banner.module.css';
import { useT } from '../../../i18n';

export function Banner() {
  const t = useT();
  return (
    <section className={styles.banner} aria-labelledby="banner-title" style={{ backgroundImage: `url(${env.apiUrl}/images/banner.svg)` }}>
      <div className={styles.copy}>
        <p className={styles.kicker}>{t('home.kicker')}</p>
        <h1 id="banner-title" className={styles.title}>
          {t('home.bannerTitle')}
        </h1>
        <p className={styles.text}>{t('home.bannerText')}</p>
        <Link className={buttonClass('primary')} to={paths.signup}>
          {t('home.register')}
        </Link>
      </div>
    </section>
  );
}

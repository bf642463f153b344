import { Link } from 'react-router-dom';
import type { FeeSchedule } from '@phonehaat/shared-api';
import { paths, useRole, useSession } from '@phonehaat/shared-auth';
import { config } from '@phonehaat/shared-data';
import { buttonClass, formatPercent } from '@phonehaat/shared-ui';
import styles from './banner.module.css';
import { useT } from '../../../i18n';

/** The new sellers' banner: PhoneHaat's real fee and the lower one of a new seller's first sales (issue 33), when known. */
export function Banner({ fees }: { fees?: FeeSchedule | undefined }) {
  const t = useT();
  const signedOut = useSession((s) => s.status !== 'signed-in');
  const { can } = useRole();
  const figures = fees && { percent: formatPercent(fees.percent), newPercent: formatPercent(fees.newSellerPercent), count: fees.newSellerSales };
  return (
    <section className={styles.banner} aria-labelledby="banner-title" style={{ backgroundImage: `url(${config.apiUrl}/images/banner.svg)` }}>
      <div className={styles.copy}>
        <p className={styles.kicker}>{t('home.kicker')}</p>
        <h1 id="banner-title" className={styles.title}>
          {figures && fees.newSellerPercent < fees.percent && fees.newSellerSales > 0 ? t('home.bannerTitle', figures) : t('home.bannerTitlePlain')}
        </h1>
        <p className={styles.text}>{figures ? t('home.bannerTextFee', figures) : t('home.bannerText')}</p>
        {/* Register is for a visitor; a seller is asked to list a phone; a buyer signed in is asked for nothing (issue 65). */}
        {signedOut ? (
          <Link className={buttonClass('primary')} to={paths.signup}>
            {t('home.register')}
          </Link>
        ) : (
          can('create:product') && (
            <Link className={buttonClass('primary')} to={paths.addProduct}>
              {t('home.listPhone')}
            </Link>
          )
        )}
      </div>
    </section>
  );
}

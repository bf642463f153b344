import { Link } from 'react-router-dom';
import { env, paths } from '@phonehaat/shared-auth';
import { buttonClass } from '@phonehaat/shared-ui';
import styles from './banner.module.css';

export function Banner() {
  return (
    <section className={styles.banner} aria-labelledby="banner-title" style={{ backgroundImage: `url(${env.apiUrl}/images/banner.svg)` }}>
      <div className={styles.copy}>
        <p className={styles.kicker}>New sellers</p>
        <h1 id="banner-title" className={styles.title}>
          Sell your old phone and get up to 10% discount
        </h1>
        <p className={styles.text}>List your phone in two minutes. Buyers across Bangladesh book it and pay by card.</p>
        <Link className={buttonClass('primary')} to={paths.signup}>
          Register
        </Link>
      </div>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.brand}>PhoneHaat</p>
          <p className={styles.text}>The market for second-hand phones across Bangladesh. Book a phone, meet the seller, pay safely by card.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <Link to={paths.blog}>Blog</Link>
            </li>
            <li>
              <Link to={paths.signup}>Sell your phone</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copy}>© {new Date().getFullYear()} PhoneHaat. Prices in Bangladeshi Taka (Tk).</p>
    </footer>
  );
}

import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths, signOut, useSession } from '@phonehaat/shared-auth';
import { notify } from '@phonehaat/shared-ui';
import styles from './navbar.module.css';
import { SearchBox } from './search/search-box';
import { useT } from '../i18n';
import { BellLink, InboxLink } from './inbox-link';
import { LanguageSwitch } from './language-switch';

export function Navbar() {
  const t = useT();
  const status = useSession((s) => s.status);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // A tap on a link closes the mobile menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onSignOut = async () => {
    await signOut();
    notify.success(t('nav.signedOut'));
    navigate(paths.home);
  };
  const link = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label={t('nav.main')}>
        <Link to={paths.home} className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            ▣
          </span>
          PhoneHaat
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          <span className={styles.toggleLabel}>{t('nav.menu')}</span>
        </button>
        <SearchBox />
        <ul id="main-menu" className={open ? `${styles.menu} ${styles.open}` : styles.menu}>
          <li>
            <NavLink to={paths.home} end className={link}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.blog} className={link}>
              {t('nav.blog')}
            </NavLink>
          </li>
          {status === 'signed-in' ? (
            <>
              <li>
                <NavLink to={paths.dashboard} className={link}>
                  {t('nav.dashboard')}
                </NavLink>
              </li>
              <InboxLink className={link} />
              <BellLink className={link} />
              <li>
                <button type="button" className={`${styles.link} ${styles.signOut}`} onClick={() => void onSignOut()}>
                  {t('nav.signOut')}
                </button>
              </li>
            </>
          ) : status === 'signed-out' ? (
            <>
              <li>
                <NavLink to={paths.login} className={link}>
                  {t('nav.login')}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.signup} className={`${styles.link} ${styles.cta}`}>
                  {t('nav.register')}
                </NavLink>
              </li>
            </>
          ) : null}
          <li>
            <LanguageSwitch />
          </li>
        </ul>
      </nav>
    </header>
  );
}

import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths, signOut, useSession } from '@phonehaat/shared-auth';
import { notify } from '@phonehaat/shared-ui';
import styles from './navbar.module.css';
import { SearchBox } from './search/search-box';

export function Navbar() {
  const status = useSession((s) => s.status);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // A tap on a link closes the mobile menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onSignOut = async () => {
    await signOut();
    notify.success('Signed out');
    navigate(paths.home);
  };
  const link = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label="Main">
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
          <span className={styles.toggleLabel}>Menu</span>
        </button>
        <SearchBox />
        <ul id="main-menu" className={open ? `${styles.menu} ${styles.open}` : styles.menu}>
          <li>
            <NavLink to={paths.home} end className={link}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.blog} className={link}>
              Blog
            </NavLink>
          </li>
          {status === 'signed-in' ? (
            <>
              <li>
                <NavLink to={paths.dashboard} className={link}>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <button type="button" className={`${styles.link} ${styles.signOut}`} onClick={() => void onSignOut()}>
                  Sign out
                </button>
              </li>
            </>
          ) : status === 'signed-out' ? (
            <>
              <li>
                <NavLink to={paths.login} className={link}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.signup} className={`${styles.link} ${styles.cta}`}>
                  Register
                </NavLink>
              </li>
            </>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}

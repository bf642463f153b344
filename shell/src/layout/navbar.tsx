import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths, signOut, useSession } from '@phonehaat/shared-auth';
import { formatNumber, notify, VisuallyHidden } from '@phonehaat/shared-ui';
import styles from './navbar.module.css';
import { SearchBox } from './search/search-box';
import { useT } from '../i18n';
import { BellLink, InboxLink } from './inbox-link';
import { LanguageSwitch } from './language-switch';
import { LiveCount } from './live-count-link';

/**
 * On a phone the menu is folded: what is unread (conversations and notifications) is counted on its button, so it is
 * seen without opening ☰ (issue 65).
 */
function MenuCount() {
  const t = useT();
  return (
    <LiveCount permission="read:thread:own" counted="unreadThreads">
      {(threadCount) => (
        <LiveCount permission="read:notification:own" counted="unreadNotifications">
          {(notificationCount) => {
            const threads = threadCount ?? 0;
            const notifications = notificationCount ?? 0;
            if (threads + notifications === 0) return null;
            return (
              <span className={styles.count} data-testid="menu-count">
                <span aria-hidden="true">{formatNumber(threads + notifications)}</span>
                <VisuallyHidden>{[threads ? t('nav.unread', { count: threads }) : '', notifications ? t('nav.unreadNotifications', { count: notifications }) : ''].filter(Boolean).join(', ')}</VisuallyHidden>
              </span>
            );
          }}
        </LiveCount>
      )}
    </LiveCount>
  );
}

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
          {/* The mark drawn, as the favicon and the app's icon draw it (a phone), not a character a font may lack. */}
          <svg className={styles.logo} aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 32 32">
            <rect x="7" y="2" width="18" height="28" rx="4" fill="currentColor" />
            <rect x="10" y="6" width="12" height="18" rx="1.5" fill="var(--ph-color-accent-soft)" />
            <circle cx="16" cy="27" r="1.3" fill="var(--ph-color-accent-soft)" />
          </svg>
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
          {status === 'signed-in' && <MenuCount />}
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

import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { ToastHost } from '@phonehaat/shared-ui';
import { Footer } from './footer';
import { Navbar } from './navbar';
import styles from './root-layout.module.css';
import { useLanguage } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

export function RootLayout() {
  const t = useT();
  const language = useLanguage();
  // The document's language follows the page's (screen readers pick their voice by it).
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  // A page loads its remote (and, for some, its data) before it shows: say so while that happens.
  const navigating = useNavigation().state !== 'idle';
  const { pathname, hash } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // An address naming a part of the page whose field the page has focused (a phone's #offer after signing in) keeps it.
    const target = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target && target.contains(document.activeElement)) return;
    // A new page: keyboard and screen-reader users start at its content, as after a full page load.
    main.current?.focus({ preventScroll: true });
  }, [pathname, hash]);
  return (
    <div className={styles.shell}>
      {navigating && <div className={styles.progress} role="progressbar" aria-label={t('layout.loadingPage')} data-testid="navigation-progress" />}
      <a className={styles.skip} href="#main">
        {t('layout.skip')}
      </a>
      <Navbar />
      <main id="main" ref={main} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ToastHost />
      <ScrollRestoration />
    </div>
  );
}

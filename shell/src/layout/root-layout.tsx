import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { ToastHost } from '@phonehaat/shared-ui';
import { Footer } from './footer';
import { Navbar } from './navbar';
import styles from './root-layout.module.css';

export function RootLayout() {
  // A page loads its remote (and, for some, its data) before it shows: say so while that happens.
  const navigating = useNavigation().state !== 'idle';
  return (
    <div className={styles.shell}>
      {navigating && <div className={styles.progress} role="progressbar" aria-label="Loading the page" data-testid="navigation-progress" />}
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ToastHost />
      <ScrollRestoration />
    </div>
  );
}

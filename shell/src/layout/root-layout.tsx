import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ToastHost } from '@phonehaat/shared-ui';
import { Footer } from './footer';
import { Navbar } from './navbar';
import styles from './root-layout.module.css';

export function RootLayout() {
  return (
    <div className={styles.shell}>
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

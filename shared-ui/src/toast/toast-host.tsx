import { ToastContainer } from 'react-toastify';
import styles from './toast-host.module.css';

/**
 * Where notify() toasts appear. Render exactly one per page, in the shell's layout (a remote renders its own only in
 * its standalone bootstrap). react-toastify 11 injects its stylesheet into <head> when this mounts; nothing to import.
 */
export function ToastHost() {
  return (
    <ToastContainer
      className={styles.host}
      position="top-right"
      newestOnTop
      limit={3}
      // 'auto' follows prefers-color-scheme in CSS; the colours themselves come from our tokens.
      theme="auto"
      closeOnClick
      pauseOnHover
    />
  );
}

import { useEffect } from 'react';
import styles from './toast-host.module.css';
import { containerMounted, useToastify } from './toastify';

/**
 * Where notify() toasts appear. Render exactly one per page, in the shell's layout (a remote renders its own only in
 * its standalone bootstrap). react-toastify is loaded with the first toast, and injects its stylesheet into <head> then.
 */
export function ToastHost() {
  const toastify = useToastify();
  useEffect(() => {
    if (toastify) containerMounted();
  }, [toastify]);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
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

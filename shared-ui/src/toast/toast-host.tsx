import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { rideTopLayer } from '../dialog/top-layer';
import styles from './toast-host.module.css';
import { containerMounted, useToastify } from './toastify';

/**
 * Where notify() toasts appear. Render exactly one per page, in the shell's layout (a remote renders its own only in
 * its standalone bootstrap). react-toastify is loaded with the first toast, and injects its stylesheet into <head> then.
 * The toasts live in their own element, which rides above the top open dialog: a toast a dialog's form shows can be
 * read and closed while the dialog stays open.
 */
export function ToastHost() {
  const toastify = useToastify();
  const [layer, setLayer] = useState<HTMLElement>();
  useEffect(() => {
    const element = document.createElement('div');
    element.dataset.toasts = '';
    const release = rideTopLayer(element);
    setLayer(element);
    return release;
  }, []);
  useEffect(() => {
    if (toastify && layer) containerMounted();
  }, [toastify, layer]);
  if (!toastify || !layer) return null;
  const { ToastContainer } = toastify;
  return createPortal(
    <ToastContainer
      className={styles.host}
      position="top-right"
      newestOnTop
      limit={3}
      // 'auto' follows prefers-color-scheme in CSS; the colours themselves come from our tokens.
      theme="auto"
      closeOnClick
      pauseOnHover
    />,
    layer,
  );
}

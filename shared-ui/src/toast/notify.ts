import { whenToastsReady } from './toastify';

/**
 * Short messages in the corner. Success and info are polite (role="status"); errors interrupt (role="alert") and stay
 * twice as long. Import notify from shared-ui, never react-toastify itself: the shared-ui singleton owns the one toast
 * store that the ToastHost renders, and a second copy of react-toastify in a remote would show nothing.
 */
export const notify = {
  success(message: string): void {
    void whenToastsReady().then(({ toast }) => toast.success(message, { autoClose: 2000, role: 'status' }));
  },
  error(message: string): void {
    void whenToastsReady().then(({ toast }) => toast.error(message, { autoClose: 4000, role: 'alert' }));
  },
  info(message: string): void {
    void whenToastsReady().then(({ toast }) => toast.info(message, { autoClose: 3000, role: 'status' }));
  },
};

import { useSyncExternalStore } from 'react';
import type * as Toastify from 'react-toastify';

// react-toastify (about 9 KB gzipped, with its injected stylesheet) is only fetched when the first toast
// is shown, so a visitor's first page does not pay for it.
let library: Promise<typeof Toastify> | undefined;
let loaded: typeof Toastify | undefined;
let markContainerReady: () => void = () => undefined;
const containerReady = new Promise<void>((resolve) => (markContainerReady = resolve));
const listeners = new Set<() => void>();

export function loadToastify(): Promise<typeof Toastify> {
  library ??= import('react-toastify').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return library;
}

/** The library once loaded (ToastHost renders its container then). */
export function useToastify(): typeof Toastify | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    // Rendered on a server (issue 13), the library is not loaded.
    () => undefined,
  );
}

/** Called by ToastHost once its container is on the page. */
export const containerMounted = () => markContainerReady();

/** Shows a toast once the library and the container are ready; nothing is lost while they load. */
export async function whenToastsReady(): Promise<typeof Toastify> {
  const module = await loadToastify();
  await containerReady;
  return module;
}

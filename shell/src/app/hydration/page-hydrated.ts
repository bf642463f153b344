// When the remote's page in a composed page has been hydrated (decision 019). React hydrates the remote's slot, a
// Suspense boundary, in a pass of its own after the shell's, so what was done before the app started is handed to
// that page only once it has run its own start-up.

let hydrated: () => void = () => undefined;

/** Resolves once the remote page in the slot has mounted (hydrated, or rendered where its code could not start). */
export const pageHydrated = new Promise<void>((resolve) => (hydrated = resolve));

/** Called by the slot's page as it mounts. */
export const markPageHydrated = (): void => hydrated();

// Runs first, before the shell's own modules: asks for the remotes manifest at once and starts
// downloading the remote that the first page shows, in parallel with the shell's start-up.
// (No shared module may be imported here: federation is not initialised yet.)
import { remoteForPath } from '../app/route-remotes';

export const manifestRequest: Promise<unknown> = fetch('/remotes.json', { cache: 'no-cache' })
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`/remotes.json answered ${response.status}`))))
  .catch((error: unknown) => {
    console.error('PhoneHaat could not read the remotes manifest', error);
    return {};
  });

void manifestRequest.then((manifest) => {
  const remote = remoteForPath(window.location.pathname);
  const entry = remote && (manifest as Record<string, unknown>)[remote];
  if (typeof entry !== 'string') return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = entry;
  document.head.append(link);
});

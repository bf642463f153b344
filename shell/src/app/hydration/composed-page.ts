// Which page the server composed into #root, and whether this browser hydrates it (decision 019).
import { useSession } from '@phonehaat/shared-auth';
import { HYDRATION_SCRIPT_ID, type ComposedPageData } from '../../server/hydration';

/**
 * The composed page's data when this browser is to hydrate it: a visitor's page (public, the same for everyone: a
 * session the browser is still restoring shows once it is hydrated), or a user's page composed for the user this
 * browser has. Otherwise (someone else's page, or no data to hydrate with) the HTML is cleared and the app renders
 * its own, and undefined is returned.
 */
export function composedPage(root: HTMLElement): ComposedPageData | undefined {
  if (!root.hasAttribute('data-composed')) return undefined;
  const data = readData();
  const composedFor = root.getAttribute('data-for');
  const { status, user } = useSession.getState();
  const ours = composedFor === null || (status === 'signed-in' && user?.email === composedFor);
  if (data && ours) return data;
  root.replaceChildren();
  root.removeAttribute('data-composed');
  root.removeAttribute('data-for');
  return undefined;
}

function readData(): ComposedPageData | undefined {
  try {
    const data = JSON.parse(document.getElementById(HYDRATION_SCRIPT_ID)?.textContent ?? '') as Partial<ComposedPageData>;
    return data.router && data.session ? (data as ComposedPageData) : undefined;
  } catch {
    return undefined;
  }
}

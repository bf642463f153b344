// What a page composed on the server carries for the browser that hydrates it (decision 019): the router's data
// (the loaders then do not run again in the browser) and the session the page was rendered with.
import type { HydrationState } from 'react-router-dom';
import type { SessionState } from '@phonehaat/shared-auth';
import type { DehydratedState } from '@phonehaat/shared-data';
import type { Language } from '@phonehaat/shared-ui/languages';

/** The id of the JSON script beside #root that holds it. */
export const HYDRATION_SCRIPT_ID = 'phonehaat-hydration';

export interface ComposedPageData {
  router: HydrationState;
  /** What the loaders put in the render's cache, which the browser's cache starts from (its page asks nothing again). */
  queries?: DehydratedState;
  session: SessionState;
  /** The language it was rendered in (its address's). */
  language: Language;
  /** This visitor's /remotes.json, which the page was composed from: the app needs not ask for it again. */
  manifest?: Record<string, string>;
}

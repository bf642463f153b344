import type { SaveSearchBody, SavedSearch } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** POST /saved-searches — keep this search; new phones that match are notified, and e-mailed in a daily digest. */
export const saveSearch = (body: SaveSearchBody) => http.post<SavedSearch>('/saved-searches', body);

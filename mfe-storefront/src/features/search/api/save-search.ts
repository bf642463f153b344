import type { SaveSearchBody } from '@phonehaat/shared-api';
import { api } from '@phonehaat/shared-data';

/** Keep this search; new phones that match are notified, and e-mailed in a daily digest. */
export const saveSearch = (body: SaveSearchBody) => api.createSavedSearch({ body });

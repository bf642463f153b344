import type { DeletedCount, SavedSearch } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /saved-searches — the person's saved searches, oldest first. */
export const getSavedSearches = () => http.get<SavedSearch[]>('/saved-searches');

/** PUT /saved-searches/:id — a new name. */
export const renameSavedSearch = (id: string, name: string) => http.put<SavedSearch>(`/saved-searches/${encodeURIComponent(id)}`, { name });

/** DELETE /saved-searches/:id — no more news of it. */
export const deleteSavedSearch = (id: string) => http.delete<DeletedCount>(`/saved-searches/${encodeURIComponent(id)}`);

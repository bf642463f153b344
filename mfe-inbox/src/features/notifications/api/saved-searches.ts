import { api } from '@phonehaat/shared-data';

/** The person's saved searches, oldest first. */
export const getSavedSearches = () => api.listSavedSearches();

/** A new name. */
export const renameSavedSearch = (id: string, name: string) => api.renameSavedSearch({ params: { id }, body: { name } });

/** No more news of it. */
export const deleteSavedSearch = (id: string) => api.deleteSavedSearch({ params: { id } });

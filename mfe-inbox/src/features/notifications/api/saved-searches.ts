import { api } from '@phonehaat/shared-data';

/** A new name. */
export const renameSavedSearch = (id: string, name: string) => api.renameSavedSearch({ params: { id }, body: { name } });

/** No more news of it. */
export const deleteSavedSearch = (id: string) => api.deleteSavedSearch({ params: { id } });

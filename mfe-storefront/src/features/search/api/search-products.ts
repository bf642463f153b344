import type { SearchResults } from '@phonehaat/shared-api';
import { http } from '@phonehaat/shared-auth';

/** GET /search — one page of phones matching the words and filters, with the facet counts. */
export const searchProducts = (params: URLSearchParams) => http.get<SearchResults>(`/search?${params.toString()}`);

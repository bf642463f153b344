import { api } from '@phonehaat/shared-data';
import type { SearchState } from '../search-state';

/** One page of phones matching the words and filters, with the facet counts; numbers go as typed (the API judges them). */
export const searchProducts = (state: SearchState) =>
  api.searchProducts({
    query: {
      q: state.q || undefined,
      brand: state.brands,
      condition: state.conditions,
      minPrice: state.minPrice || undefined,
      maxPrice: state.maxPrice || undefined,
      fromYear: state.fromYear || undefined,
      location: state.location || undefined,
      verified: state.verified || undefined,
      imeiChecked: state.imeiChecked || undefined,
      phoneVerified: state.phoneVerified || undefined,
      sort: state.sort || undefined,
      page: state.page > 1 ? state.page : undefined,
    },
  });

import type { SearchState } from '../search-state';

/** What one page of phones matching the words and filters (with the facet counts) is read with; numbers go as typed (the API judges them). */
export const searchInput = (state: SearchState) => ({
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

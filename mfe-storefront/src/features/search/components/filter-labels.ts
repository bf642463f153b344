import type { SearchFilterName, SearchResults } from '@phonehaat/shared-api';
import { formatTaka } from '@phonehaat/shared-ui';
import type { SearchState } from '../search-state';

/** How a filter group reads in a sentence or on a chip: "Verified sellers only", "Tk 20,000 – Tk 40,000". */
export function filterLabel(filter: SearchFilterName, state: SearchState, facets: SearchResults['facets']): string {
  const brandName = (id: string) => facets.brands.find((brand) => brand._id === id)?.name ?? 'a brand';
  const price = (value: string) => formatTaka(Number(value));
  switch (filter) {
    case 'q':
      return `the words “${state.q}”`;
    case 'brand':
      return state.brands.map(brandName).join(', ');
    case 'condition':
      return state.conditions.join(', ');
    case 'price':
      if (state.minPrice && state.maxPrice) return `${price(state.minPrice)} – ${price(state.maxPrice)}`;
      return state.minPrice ? `From ${price(state.minPrice)}` : `Up to ${price(state.maxPrice)}`;
    case 'fromYear':
      return `Bought ${state.fromYear} or later`;
    case 'location':
      return `Near “${state.location}”`;
    case 'verified':
      return 'Verified sellers only';
  }
}

export const phones = (count: number) => (count === 1 ? '1 phone' : `${count.toLocaleString('en-US')} phones`);

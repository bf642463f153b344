import type { SearchFilterName, SearchResults } from '@phonehaat/shared-api';
import { conditionText, currentLanguage, formatTaka, yearText } from '@phonehaat/shared-ui';
import type { SearchState } from '../search-state';
import { t } from '../i18n';

/** How a filter group reads in a sentence or on a chip: "Verified sellers only", "Tk 20,000 – Tk 40,000". */
export function filterLabel(filter: SearchFilterName, state: SearchState, facets: SearchResults['facets']): string {
  const brandName = (id: string) => facets.brands.find((brand) => brand._id === id)?.name ?? t('filters.aBrand');
  const price = (value: string) => formatTaka(Number(value));
  switch (filter) {
    case 'q':
      return t('filters.words', { q: state.q });
    case 'brand':
      return state.brands.map(brandName).join(', ');
    case 'condition':
      return state.conditions.map(conditionText).join(', ');
    case 'price':
      if (state.minPrice && state.maxPrice) return `${price(state.minPrice)} – ${price(state.maxPrice)}`;
      return state.minPrice ? t('filters.from', { price: price(state.minPrice) }) : t('filters.upTo', { price: price(state.maxPrice) });
    case 'fromYear':
      return t('filters.bought', { year: yearText(Number(state.fromYear), currentLanguage()) });
    case 'location':
      return t('filters.near', { location: state.location });
    case 'verified':
      return t('filters.verified');
    case 'imeiChecked':
      return t('filters.imeiChecked');
    case 'phoneVerified':
      return t('filters.phoneVerified');
  }
}

/** "1 phone", "2,345 phones", "২,৩৪৫টি ফোন": a count of phones in the page's language. */
export const phones = (count: number) => t('search.phones', { count });

import type { Condition, SearchFilterName, SearchSort } from '@phonehaat/shared-api';
import { CONDITIONS } from '@phonehaat/shared-api/limits';

/**
 * A search as the address bar holds it: every choice lives in the URL, so a search can be shared,
 * reloaded and walked back with Back. Numbers stay text here: the API judges them and says what is wrong.
 */
export interface SearchState {
  q: string;
  brands: string[];
  conditions: Condition[];
  minPrice: string;
  maxPrice: string;
  fromYear: string;
  location: string;
  verified: boolean;
  /** Only phones whose IMEI was checked. */
  imeiChecked: boolean;
  /** Only phones whose seller verified their number (issue 46). */
  phoneVerified: boolean;
  /** Empty: the API's default (best match with words, newest without). */
  sort: SearchSort | '';
  page: number;
}

export { CONDITIONS };
const isCondition = (value: string): value is Condition => (CONDITIONS as readonly string[]).includes(value);
const SORTS: SearchSort[] = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'];
const isSort = (value: string): value is SearchSort => (SORTS as string[]).includes(value);

export function readSearch(params: URLSearchParams): SearchState {
  const text = (name: string) => (params.get(name) ?? '').trim();
  const sort = text('sort');
  return {
    q: text('q'),
    brands: [...new Set(params.getAll('brand').filter(Boolean))],
    conditions: [...new Set(params.getAll('condition').filter(isCondition))],
    minPrice: text('minPrice'),
    maxPrice: text('maxPrice'),
    fromYear: text('fromYear'),
    location: text('location'),
    verified: params.get('verified') === 'true',
    imeiChecked: params.get('imeiChecked') === 'true',
    phoneVerified: params.get('phoneVerified') === 'true',
    sort: isSort(sort) ? sort : '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The canonical query string: only what is set, in one order. */
export function toParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  state.brands.forEach((brand) => params.append('brand', brand));
  state.conditions.forEach((condition) => params.append('condition', condition));
  if (state.minPrice) params.set('minPrice', state.minPrice);
  if (state.maxPrice) params.set('maxPrice', state.maxPrice);
  if (state.fromYear) params.set('fromYear', state.fromYear);
  if (state.location) params.set('location', state.location);
  if (state.verified) params.set('verified', 'true');
  if (state.imeiChecked) params.set('imeiChecked', 'true');
  if (state.phoneVerified) params.set('phoneVerified', 'true');
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A change of filters starts again at page 1. */
export const withChange = (state: SearchState, change: Partial<SearchState>): SearchState => ({ ...state, page: 1, ...change });

/** The state with one filter taken off (the empty state's "remove this filter", a chip's ×). */
export function withoutFilter(state: SearchState, filter: SearchFilterName): SearchState {
  const cleared: Record<SearchFilterName, Partial<SearchState>> = {
    q: { q: '' },
    brand: { brands: [] },
    condition: { conditions: [] },
    price: { minPrice: '', maxPrice: '' },
    fromYear: { fromYear: '' },
    location: { location: '' },
    verified: { verified: false },
    imeiChecked: { imeiChecked: false },
    phoneVerified: { phoneVerified: false },
  };
  return withChange(state, cleared[filter]);
}

/** Every filter off; the words and the order stay. */
export const withoutFilters = (state: SearchState): SearchState =>
  withChange(state, { brands: [], conditions: [], minPrice: '', maxPrice: '', fromYear: '', location: '', verified: false, imeiChecked: false, phoneVerified: false });

/** How many filters are on ("Filters (3)"): each brand and condition, and each other filter once. */
export const activeFilterCount = (state: SearchState): number =>
  state.brands.length +
  state.conditions.length +
  [state.minPrice || state.maxPrice, state.fromYear, state.location, state.verified, state.imeiChecked, state.phoneVerified].filter(Boolean).length;

import type { SearchResults } from '@phonehaat/shared-api';
import { withChange, withoutFilters, type SearchState } from '../search-state';
import styles from './active-filters.module.css';
import { filterLabel } from './filter-labels';
import { conditionText } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

interface ActiveFiltersProps {
  state: SearchState;
  facets: SearchResults['facets'];
  onChange(next: SearchState): void;
}

/** Each filter that is on, as a chip that takes it off; and Clear all. */
export function ActiveFilters({ state, facets, onChange }: ActiveFiltersProps) {
  const t = useT();
  const chips: { key: string; label: string; off: Partial<SearchState> }[] = [
    ...state.brands.map((brand) => ({
      key: `brand:${brand}`,
      label: filterLabel('brand', { ...state, brands: [brand] }, facets),
      off: { brands: state.brands.filter((item) => item !== brand) },
    })),
    ...state.conditions.map((condition) => ({
      key: `condition:${condition}`,
      label: conditionText(condition),
      off: { conditions: state.conditions.filter((item) => item !== condition) },
    })),
    ...(state.minPrice || state.maxPrice ? [{ key: 'price', label: filterLabel('price', state, facets), off: { minPrice: '', maxPrice: '' } }] : []),
    ...(state.fromYear ? [{ key: 'fromYear', label: filterLabel('fromYear', state, facets), off: { fromYear: '' } }] : []),
    ...(state.location ? [{ key: 'location', label: filterLabel('location', state, facets), off: { location: '' } }] : []),
    ...(state.verified ? [{ key: 'verified', label: filterLabel('verified', state, facets), off: { verified: false } }] : []),
    ...(state.imeiChecked ? [{ key: 'imeiChecked', label: filterLabel('imeiChecked', state, facets), off: { imeiChecked: false } }] : []),
    ...(state.phoneVerified ? [{ key: 'phoneVerified', label: filterLabel('phoneVerified', state, facets), off: { phoneVerified: false } }] : []),
  ];
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} role="list" aria-label={t('filters.on')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <button type="button" className={styles.chip} aria-label={t('filters.remove', { label: chip.label })} onClick={() => onChange(withChange(state, chip.off))}>
            {chip.label}
            <span aria-hidden="true" className={styles.x}>
              ×
            </span>
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button
            type="button"
            className={styles.clear}
            onClick={() => onChange(withoutFilters(state))}
          >
            {t('filters.clearAll')}
          </button>
        </li>
      )}
    </ul>
  );
}

import type { SearchResults } from '@phonehaat/shared-api';
import { WITHOUT_FILTER_CAP } from '@phonehaat/shared-api/limits';
import { Button, EmptyState, UserText } from '@phonehaat/shared-ui';
import { activeFilterCount, withoutFilter, withoutFilters, type SearchState } from '../search-state';
import { filterLabel, phones } from './filter-labels';
import styles from './no-results.module.css';
import { useT } from '../i18n';

interface NoResultsProps {
  state: SearchState;
  results: SearchResults;
  onChange(next: SearchState): void;
}

/** Nothing matched: which filter emptied the list, and how many phones dropping it would show. */
export function NoResults({ state, results, onChange }: NoResultsProps) {
  const t = useT();
  const cap = (total: number) => (total >= WITHOUT_FILTER_CAP ? t('noResults.more', { phones: phones(total) }) : phones(total));
  const ways = (results.withoutFilter ?? []).filter(({ total }) => total > 0);
  const filtered = activeFilterCount(state) > 0;
  const filterWays = ways.filter(({ filter }) => filter !== 'q');
  return (
    <EmptyState
      title={state.q ? t.rich('noResults.matching', { q: <UserText>{state.q}</UserText> }) : t('noResults.filters')}
      message={
        // Said as it is: which of the person's own choices emptied the list (not "one of your choices" when they chose none).
        filterWays.length === 1 && ways.length === 1
          ? t('noResults.oneFilter', { label: filterLabel(filterWays[0]!.filter, state, results.facets) })
          : filterWays.length > 0
            ? t('noResults.anyFilter')
            : ways.length > 0 && filtered
              ? t('noResults.onlyWords')
              : state.q && !filtered
            ? t('noResults.spelling')
            : t('noResults.nothing')
      }
      action={
        <div className={styles.actions}>
          {ways.map(({ filter, total }) => (
            <Button key={filter} variant="secondary" onClick={() => onChange(withoutFilter(state, filter))}>
              {filter === 'q' ? t('noResults.withoutWords') : t('noResults.remove', { label: filterLabel(filter, state, results.facets) })} ({cap(total)})
            </Button>
          ))}
          {filtered && ways.length === 0 && <Button onClick={() => onChange(withoutFilters(state))}>{t('noResults.clearAll')}</Button>}
        </div>
      }
    />
  );
}

import type { SearchResults } from '@phonehaat/shared-api';
import { WITHOUT_FILTER_CAP } from '@phonehaat/shared-api/limits';
import { Button, EmptyState } from '@phonehaat/shared-ui';
import { activeFilterCount, withoutFilter, withoutFilters, type SearchState } from '../search-state';
import { filterLabel, phones } from './filter-labels';
import styles from './no-results.module.css';

interface NoResultsProps {
  state: SearchState;
  results: SearchResults;
  onChange(next: SearchState): void;
}

/** Nothing matched: which filter emptied the list, and how many phones dropping it would show. */
export function NoResults({ state, results, onChange }: NoResultsProps) {
  const cap = (total: number) => (total >= WITHOUT_FILTER_CAP ? `${phones(total)}+` : phones(total));
  const ways = (results.withoutFilter ?? []).filter(({ total }) => total > 0);
  const filtered = activeFilterCount(state) > 0;
  return (
    <EmptyState
      title={state.q ? `No phones match “${state.q}”` : 'No phones match these filters'}
      message={
        ways.length > 0
          ? 'One of your choices ruled everything out. Take it off to see these:'
          : state.q && !filtered
            ? 'Check the spelling, or try fewer or more general words, such as a brand or a model.'
            : 'Nothing on sale matches all of this right now. New phones are listed every day.'
      }
      action={
        <div className={styles.actions}>
          {ways.map(({ filter, total }) => (
            <Button key={filter} variant="secondary" onClick={() => onChange(withoutFilter(state, filter))}>
              {filter === 'q' ? 'Search without the words' : `Remove “${filterLabel(filter, state, results.facets)}”`} ({cap(total)})
            </Button>
          ))}
          {filtered && ways.length === 0 && <Button onClick={() => onChange(withoutFilters(state))}>Clear all filters</Button>}
        </div>
      }
    />
  );
}

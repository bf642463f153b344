import { useState } from 'react';
import type { SearchResults } from '@phonehaat/shared-api';
import { Button, formatNumber, Modal } from '@phonehaat/shared-ui';
import { activeFilterCount, type SearchState } from '../search-state';
import { phones } from './filter-labels';
import styles from './filter-sheet.module.css';
import { SearchFilters } from './search-filters';
import { useT } from '../i18n';

interface FilterSheetProps {
  state: SearchState;
  results: SearchResults;
  onChange(next: SearchState): void;
}

/** On a phone the filters fold into a sheet, opened by "Filters (3)"; each choice applies at once behind it. */
export function FilterSheet({ state, results, onChange }: FilterSheetProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(state);
  return (
    <>
      <Button variant="secondary" className={styles.opener} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <FunnelIcon />
        {count > 0 ? t('filters.count', { count: formatNumber(count) }) : t('filters.label')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('filters.label')}
        size="sheet"
        footer={<Button onClick={() => setOpen(false)}>{t('filters.show', { phones: phones(results.total) })}</Button>}
      >
        <SearchFilters state={state} facets={results.facets} onChange={onChange} />
      </Modal>
    </>
  );
}

function FunnelIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 4h14l-5.5 6.5V16l-3 1.5v-7L3 4z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

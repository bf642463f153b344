import { useEffect, useId, useState, type FormEvent } from 'react';
import { amountOf } from '@phonehaat/shared-api/digits';
import type { SearchResults } from '@phonehaat/shared-api';
import { Button, conditionText, formatNumber, type Language, SelectField, TextField, useLanguage, yearText } from '@phonehaat/shared-ui';
import { CONDITIONS, withChange, type SearchState } from '../search-state';
import styles from './search-filters.module.css';
import { t as translate, useT } from '../i18n';

interface SearchFiltersProps {
  state: SearchState;
  facets: SearchResults['facets'];
  onChange(next: SearchState): void;
}

const OLDEST_YEAR_OFFERED = 2015;
const wholeTaka = /^\d{1,8}$/;

/** The year-of-purchase choices: any, or this year back to 2015 ("2022 or newer"). */
function yearOptions(language: Language) {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - OLDEST_YEAR_OFFERED + 1 }, (_, i) => String(thisYear - i));
  return [{ value: '', label: translate('filters.anyYear') }, ...years.map((year) => ({ value: year, label: translate('filters.yearOrNewer', { year: yearText(Number(year), language) }) }))];
}

/**
 * Brand, price, condition, year, location, verified sellers and checked IMEIs. Ticks and choices apply at once; the
 * typed ones (price, location) when Apply is pressed or Enter is typed in them.
 */
export function SearchFilters({ state, facets, onChange }: SearchFiltersProps) {
  const id = useId();
  const t = useT();
  const language = useLanguage();
  const [draft, setDraft] = useState({ minPrice: state.minPrice, maxPrice: state.maxPrice, location: state.location });
  const [priceError, setPriceError] = useState<string>();
  // Back, a chip's ×, or Clear all change the URL: the typed fields follow it.
  useEffect(() => {
    setDraft({ minPrice: state.minPrice, maxPrice: state.maxPrice, location: state.location });
    setPriceError(undefined);
  }, [state.minPrice, state.maxPrice, state.location]);

  const toggle = <T extends string>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  const applyTyped = (event: FormEvent) => {
    event.preventDefault();
    // Typed as a person writes them: spaces, commas, Bangla digits (২৫,০০০).
    const min = amountOf(draft.minPrice);
    const max = amountOf(draft.maxPrice);
    const minPrice = min === undefined ? '' : String(min);
    const maxPrice = max === undefined ? '' : String(max);
    if ((minPrice && !wholeTaka.test(minPrice)) || (maxPrice && !wholeTaka.test(maxPrice))) {
      setPriceError(t('filters.priceWhole'));
      return;
    }
    if (minPrice && maxPrice && Number(minPrice) > Number(maxPrice)) {
      setPriceError(t('filters.priceOrder'));
      return;
    }
    setPriceError(undefined);
    onChange(withChange(state, { minPrice, maxPrice, location: draft.location.trim() }));
  };

  const conditionCount = new Map(facets.conditions.map(({ condition, count }) => [condition, count]));
  return (
    <form className={styles.filters} onSubmit={applyTyped} aria-label={t('filters.label')} noValidate>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('filters.brand')}</legend>
        {facets.brands.length === 0 && <p className={styles.none}>{t('filters.noBrands')}</p>}
        <ul className={styles.options} role="list">
          {facets.brands.map((brand) => (
            <li key={brand._id}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={state.brands.includes(brand._id)}
                  onChange={() => onChange(withChange(state, { brands: toggle(state.brands, brand._id) }))}
                />
                <span className={styles.optionName}>{brand.name}</span>{' '}
                <span className={styles.count}>({formatNumber(brand.count, language)})</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('filters.price')}</legend>
        <div className={styles.range}>
          {(
            [
              ['minPrice', t('filters.min'), formatNumber(0, language)],
              ['maxPrice', t('filters.max'), t('filters.any')],
            ] as const
          ).map(([field, label, placeholder]) => (
            <TextField
              key={field}
              label={label}
              inputMode="numeric"
              placeholder={placeholder}
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              aria-describedby={priceError ? `${id}-price-error` : undefined}
              aria-invalid={priceError ? true : undefined}
            />
          ))}
        </div>
        {priceError && (
          <p id={`${id}-price-error`} className={styles.error} role="alert">
            {priceError}
          </p>
        )}
        <Button type="submit" variant="secondary" size="sm">
          {t('filters.applyPrice')}
        </Button>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('filters.condition')}</legend>
        <ul className={styles.options} role="list">
          {CONDITIONS.map((condition) => (
            <li key={condition}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={state.conditions.includes(condition)}
                  onChange={() => onChange(withChange(state, { conditions: toggle(state.conditions, condition) }))}
                />
                <span className={styles.optionName}>{conditionText(condition)}</span>{' '}
                <span className={styles.count}>({formatNumber(conditionCount.get(condition) ?? 0, language)})</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className={styles.group}>
        <SelectField
          label={t('filters.year')}
          options={yearOptions(language)}
          value={state.fromYear}
          onChange={(event) => onChange(withChange(state, { fromYear: event.target.value }))}
        />
      </div>

      <div className={styles.group}>
        <TextField
          label={t('filters.location')}
          hint={t('filters.locationHint')}
          maxLength={60}
          value={draft.location}
          onChange={(event) => setDraft({ ...draft, location: event.target.value })}
        />
        <Button type="submit" variant="secondary" size="sm">
          {t('filters.applyLocation')}
        </Button>
      </div>

      <div className={styles.group}>
        <label className={styles.option}>
          <input type="checkbox" checked={state.verified} onChange={() => onChange(withChange(state, { verified: !state.verified }))} />
          <span className={styles.optionName}>{t('filters.verified')}</span>
        </label>
        <label className={styles.option}>
          <input type="checkbox" checked={state.imeiChecked} onChange={() => onChange(withChange(state, { imeiChecked: !state.imeiChecked }))} />
          <span className={styles.optionName}>{t('filters.imeiChecked')}</span>
        </label>
        <label className={styles.option}>
          <input type="checkbox" checked={state.phoneVerified} onChange={() => onChange(withChange(state, { phoneVerified: !state.phoneVerified }))} />
          <span className={styles.optionName}>{t('filters.phoneVerified')}</span>
        </label>
      </div>
    </form>
  );
}

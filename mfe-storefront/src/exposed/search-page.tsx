import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { Product, SearchSort } from '@phonehaat/shared-api';
import { MAX_QUERY_LENGTH } from '@phonehaat/shared-api/limits';
import { useRole } from '@phonehaat/shared-auth';
import { ApiRequestError, ensureApi, useApiQuery } from '@phonehaat/shared-data';
import { Button, Container, ErrorState, Grid, PageHeader, Pagination, SelectField, UserText } from '@phonehaat/shared-ui';
import { BookingDialog } from '../features/products/components/booking-dialog';
import { FIRST_SCREEN, ListingCard } from '../features/products/components/listing-card';
import { searchInput } from '../features/search/api/search-products';
import { ActiveFilters } from '../features/search/components/active-filters';
import { FilterSheet } from '../features/search/components/filter-sheet';
import { NoResults } from '../features/search/components/no-results';
import { SaveSearchDialog } from '../features/search/components/save-search-dialog';
import { SearchFilters } from '../features/search/components/search-filters';
import { readSearch, toParams, withChange, type SearchState } from '../features/search/search-state';
import styles from './search-page.module.css';
import { useT } from '../features/search/i18n';

type SearchData = { state: SearchState; input: ReturnType<typeof searchInput>; invalid?: undefined } | { state: SearchState; invalid: string; input?: undefined };

/** Runs before the page shows (the shell's route calls it): the search the address describes, into the cache. */
export async function loader({ request }: LoaderFunctionArgs): Promise<SearchData> {
  const state = readSearch(new URL(request.url).searchParams);
  const input = searchInput(state);
  try {
    await ensureApi('searchProducts', input);
    return { state, input };
  } catch (error) {
    // An address edited by hand ("maxPrice=cheap"): say what is wrong instead of the offline page.
    if (error instanceof ApiRequestError && error.status === 400) return { state, invalid: error.message };
    throw error;
  }
}

const sortOptions = (hasWords: boolean, t: ReturnType<typeof useT>): { value: SearchSort; label: string }[] => [
  ...(hasWords ? [{ value: 'relevance' as const, label: t('search.sortRelevance') }] : []),
  { value: 'newest', label: t('search.sortNewest') },
  { value: 'price_asc', label: t('search.sortPriceAsc') },
  { value: 'price_desc', label: t('search.sortPriceDesc') },
  { value: 'rating', label: t('search.sortRating') },
];

/** `/search`: the phones matching the words and the filters, with facet counts, sorting and pages. */
export default function SearchPage() {
  const data = useLoaderData() as SearchData;
  // What the loader read into the cache (read again there when a change makes it stale).
  const results = useApiQuery('searchProducts', data.input ?? searchInput(data.state), { enabled: data.invalid === undefined }).data;
  const [, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const [booking, setBooking] = useState<Product>();
  const [saveOpen, setSaveOpen] = useState(false);
  const { can } = useRole();
  const t = useT();
  // The controls show a choice the moment it is made, while its results load (a ticked box stays ticked),
  // and the address's search once they have (Back included).
  const [chosen, setChosen] = useState<SearchState>();
  useEffect(() => setChosen(undefined), [data]);
  const pending = navigation.location?.pathname === location.pathname ? readSearch(new URLSearchParams(navigation.location.search)) : undefined;
  const state = chosen ?? pending ?? data.state;
  const change = (next: SearchState) => {
    setChosen(next);
    setSearchParams(toParams(next));
  };
  const title = data.state.q ? t('search.matching', { q: data.state.q }) : t('search.all');
  // The words searched for are the person's own: marked inside the heading, as written.
  const heading = data.state.q ? t.rich('search.matching', { q: <UserText>{data.state.q}</UserText> }) : undefined;

  if (data.invalid !== undefined) {
    return (
      <Container>
        <PageHeader title={title} heading={heading} />
        <ErrorState
          title={t('search.invalidTitle')}
          message={data.invalid}
          retryLabel={t('search.invalidRetry')}
          onRetry={() => change(readSearch(new URLSearchParams({ q: data.state.q.slice(0, MAX_QUERY_LENGTH) })))}
        />
      </Container>
    );
  }

  if (!results) return null; // the loader read it: never the case
  const pageCount = Math.max(1, Math.ceil(results.total / results.limit));
  return (
    <Container>
      <PageHeader
        title={title}
        heading={heading}
        subtitle={t('search.forSale', { count: results.total })}
        actions={
          can('save:search:own') ? (
            <Button variant="secondary" size="sm" onClick={() => setSaveOpen(true)}>
              {t('save.open')}
            </Button>
          ) : undefined
        }
      />
      {results.interpretedAs && (
        <p className={styles.interpreted}>
          {t('search.interpreted')} <strong translate="no">“{results.interpretedAs}”</strong>
        </p>
      )}
      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label={t('search.narrow')}>
          <SearchFilters state={state} facets={results.facets} onChange={change} />
        </aside>
        <section className={styles.results} aria-label={t('search.results')} aria-busy={navigation.state === 'loading'}>
          <div className={styles.toolbar}>
            <div className={styles.sheet}>
              <FilterSheet state={state} results={results} onChange={change} />
            </div>
            <SelectField
              label={t('search.sortBy')}
              className={styles.sort}
              options={sortOptions(Boolean(data.state.q), t)}
              value={state.sort || results.sort}
              onChange={(event) => change(withChange(state, { sort: event.target.value as SearchSort }))}
            />
          </div>
          <ActiveFilters state={state} facets={results.facets} onChange={change} />
          {results.products.length === 0 ? (
            <NoResults state={data.state} results={results} onChange={change} />
          ) : (
            <>
              <Grid as="ul" className={styles.grid} data-testid="product-grid">
                {results.products.map((product, index) => (
                  <li key={product._id}>
                    <ListingCard product={product} headingLevel={2} onBook={setBooking} priority={index === 0} eager={index < FIRST_SCREEN} />
                  </li>
                ))}
              </Grid>
              <Pagination
                page={results.page}
                pageCount={pageCount}
                label={t('search.pages')}
                onPageChange={(page) => {
                  change({ ...data.state, page });
                  window.scrollTo({ top: 0 });
                }}
              />
            </>
          )}
        </section>
      </div>
      <BookingDialog product={booking} onClose={() => setBooking(undefined)} />
      {saveOpen && (
        <SaveSearchDialog
          // The search as its address has it, without the page: what "open" shows later.
          query={(() => {
            const params = toParams(data.state);
            params.delete('page');
            return params.toString();
          })()}
          suggestedName={data.state.q || t('save.defaultName')}
          onClose={() => setSaveOpen(false)}
        />
      )}
    </Container>
  );
}

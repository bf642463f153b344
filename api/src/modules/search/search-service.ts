import {
  MAX_SIMILAR,
  MAX_SUGGESTIONS,
  WITHOUT_FILTER_CAP,
  type Brand,
  type Condition,
  type Product,
  type SearchFilterName,
  type SearchFilters,
  type SearchResults,
  type SearchSort,
  type Suggestions,
} from '@phonehaat/shared-api';
import { CONDITIONS } from '@phonehaat/shared-api';
import type { ReadCache } from '../../cache.ts';
import type { CatalogRepository } from '../catalog/index.ts';
import type { BrandConditionCount, SearchCriteria, SearchRepository } from './repositories/search.ts';
import { buildTextQuery, locationQuery, typingWords } from './text-query.ts';

const BRAND_SUGGESTIONS = 3;

export interface SearchServiceDeps {
  search: SearchRepository;
  catalog: CatalogRepository;
  cache: ReadCache;
  brands(): Promise<Brand[]>;
}

/**
 * The total and the facets from the counts by brand and condition: a brand's count applies every filter
 * but the brand filter, a condition's every filter but the condition filter, so each says what picking
 * it would give; the total applies both.
 */
export function facetsOf(counts: BrandConditionCount[], criteria: Pick<SearchCriteria, 'brands' | 'conditions'>) {
  const brandPicked = (brandId: string) => criteria.brands.length === 0 || criteria.brands.includes(brandId);
  const conditionPicked = (condition: Condition) => criteria.conditions.length === 0 || criteria.conditions.includes(condition);
  const brands = new Map<string, number>();
  const conditions = new Map<Condition, number>();
  let total = 0;
  for (const { brandId, condition, count } of counts) {
    if (conditionPicked(condition)) brands.set(brandId, (brands.get(brandId) ?? 0) + count);
    if (brandPicked(brandId)) conditions.set(condition, (conditions.get(condition) ?? 0) + count);
    if (brandPicked(brandId) && conditionPicked(condition)) total += count;
  }
  return { total, brandCount: brands, conditionCount: conditions };
}

/** Find a phone: the text query, the filters, the facets and what to offer when nothing matched. */
export function createSearchService({ search, catalog, cache, brands }: SearchServiceDeps) {
  /**
   * One page and the counts. With words, both come from one statement over the matches. Without, the
   * page comes from an index and the counts from one pass over every listing the other filters leave,
   * which is the same for everyone: kept in the read cache, which every write clears.
   */
  async function find(criteria: SearchCriteria, sort: SearchSort, page: number, limit: number) {
    if (criteria.tsquery) return search.search(criteria, sort, page, limit);
    const { brands: _brands, conditions: _conditions, ...counted } = criteria;
    const [products, counts] = await Promise.all([
      search.page(criteria, sort, page, limit),
      cache.get(`search-counts:${JSON.stringify(counted)}`, () => search.counts(criteria)),
    ]);
    return { products, counts };
  }

  /** The filters in force, each with how to count the matches without it. */
  function activeFilters(filters: SearchFilters, criteria: SearchCriteria): SearchFilterName[] {
    const active: [SearchFilterName, boolean][] = [
      ['q', Boolean(criteria.tsquery)],
      ['brand', filters.brand.length > 0],
      ['condition', filters.condition.length > 0],
      ['price', filters.minPrice !== undefined || filters.maxPrice !== undefined],
      ['fromYear', filters.fromYear !== undefined],
      ['location', Boolean(criteria.location)],
      ['verified', filters.verified],
      ['imeiChecked', filters.imeiChecked],
      ['phoneVerified', filters.phoneVerified],
    ];
    return active.filter(([, on]) => on).map(([name]) => name);
  }

  /** The vocabulary changes only when a listing is added (which clears the read cache). */
  const lookupTerms = (candidates: string[]) => cache.get(`search-terms:${candidates.join(' ')}`, () => search.lookupTerms(candidates));

  /** The words as a tsquery, the order, and the filters as the repository applies them. */
  async function plan(filters: SearchFilters) {
    const text = filters.q ? await buildTextQuery(filters.q, lookupTerms) : undefined;
    const sort: SearchSort = filters.sort === 'relevance' && !text ? 'newest' : (filters.sort ?? (text ? 'relevance' : 'newest'));
    const criteria: SearchCriteria = {
      tsquery: text?.tsquery,
      brands: [...new Set(filters.brand)],
      conditions: [...new Set(filters.condition)],
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      fromYear: filters.fromYear,
      location: locationQuery(filters.location),
      verified: filters.verified,
      imeiChecked: filters.imeiChecked,
      phoneVerified: filters.phoneVerified,
    };
    return { text, sort, criteria };
  }

  return {
    /** The filters as search applies them (a saved search keeps these, to match new listings the same way). */
    criteriaOf: async (filters: SearchFilters) => (await plan(filters)).criteria,

    async search(filters: SearchFilters): Promise<SearchResults> {
      const { text, sort, criteria } = await plan(filters);
      const [found, allBrands] = await Promise.all([find(criteria, sort, filters.page, filters.limit), brands()]);
      const { products } = found;
      const { total, brandCount, conditionCount } = facetsOf(found.counts, criteria);
      const brandFacets = allBrands
        .filter(({ _id }) => brandCount.has(_id) || criteria.brands.includes(_id))
        .map(({ _id, name }) => ({ _id, name, count: brandCount.get(_id) ?? 0 }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      const conditionFacets = CONDITIONS.map((condition) => ({ condition, count: conditionCount.get(condition) ?? 0 }));

      let withoutFilter: SearchResults['withoutFilter'];
      if (total === 0) {
        const sum = (counts: Map<unknown, number>) => [...counts.values()].reduce((all, count) => all + count, 0);
        withoutFilter = await Promise.all(
          activeFilters(filters, criteria).map(async (filter) => ({
            filter,
            // The facets already count without the brand (or condition) filter.
            total:
              filter === 'brand'
                ? sum(brandCount)
                : filter === 'condition'
                  ? sum(conditionCount)
                  : await search.countWithout(criteria, filter, WITHOUT_FILTER_CAP),
          })),
        );
      }

      return {
        products,
        total,
        page: filters.page,
        limit: filters.limit,
        sort,
        ...(text?.interpretedAs ? { interpretedAs: text.interpretedAs } : {}),
        facets: { brands: brandFacets, conditions: conditionFacets },
        ...(withoutFilter ? { withoutFilter } : {}),
      };
    },

    /** PostgreSQL's plan of a search, for the benchmark's report. */
    async explain(filters: SearchFilters): Promise<string> {
      const { sort, criteria } = await plan(filters);
      return search.explainSearch(criteria, sort, filters.page, filters.limit);
    },

    /** Brands first, then listing names, at most eight, each once. */
    async suggest(q: string): Promise<Suggestions> {
      const text = typingWords(q).join(' ');
      if (text.length < 2) return { suggestions: [] };
      const [brandNames, names] = await Promise.all([search.suggestBrands(text, BRAND_SUGGESTIONS), search.suggestNames(text, MAX_SUGGESTIONS)]);
      const seen = new Set<string>();
      const suggestions = [
        ...brandNames.map((name) => ({ text: name, kind: 'brand' as const })),
        ...names.map((name) => ({ text: name, kind: 'product' as const })),
      ].filter(({ text: label }) => !seen.has(label.toLowerCase()) && seen.add(label.toLowerCase()));
      return { suggestions: suggestions.slice(0, MAX_SUGGESTIONS) };
    },

    /** Other phones of the same brand on sale, nearest in price. */
    async similar(product: Pick<Product, '_id' | 'brandId' | 'resalePrice'>): Promise<Product[]> {
      const ids = await search.similarIds({ id: product._id, brandId: product.brandId, resalePrice: product.resalePrice }, MAX_SIMILAR);
      return catalog.listByIds(ids);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

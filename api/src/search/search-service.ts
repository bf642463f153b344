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
import type { CatalogRepository } from '../repositories/catalog.js';
import type { SearchCriteria, SearchRepository } from '../repositories/search.js';
import { buildTextQuery, queryWords } from './text-query.js';

const CONDITIONS: Condition[] = ['Excellent', 'Good', 'Fair'];
const BRAND_SUGGESTIONS = 3;

export interface SearchServiceDeps {
  search: SearchRepository;
  catalog: CatalogRepository;
  brands(): Promise<Brand[]>;
}

/** Find a phone: the text query, the filters, the facets and what to offer when nothing matched. */
export function createSearchService({ search, catalog, brands }: SearchServiceDeps) {
  /** The filters in force, each with how to count the matches without it. */
  function activeFilters(filters: SearchFilters, criteria: SearchCriteria): SearchFilterName[] {
    const active: [SearchFilterName, boolean][] = [
      ['q', Boolean(criteria.tsquery)],
      ['brand', filters.brand.length > 0],
      ['condition', filters.condition.length > 0],
      ['price', filters.minPrice !== undefined || filters.maxPrice !== undefined],
      ['fromYear', filters.fromYear !== undefined],
      ['location', Boolean(filters.location)],
      ['verified', filters.verified],
    ];
    return active.filter(([, on]) => on).map(([name]) => name);
  }

  /** The words as a tsquery, the order, and the filters as the repository applies them. */
  async function plan(filters: SearchFilters) {
    const text = filters.q ? await buildTextQuery(filters.q, search.lookupTerms) : undefined;
    const sort: SearchSort = filters.sort === 'relevance' && !text ? 'newest' : (filters.sort ?? (text ? 'relevance' : 'newest'));
    const criteria: SearchCriteria = {
      tsquery: text?.tsquery,
      brands: [...new Set(filters.brand)],
      conditions: [...new Set(filters.condition)],
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      fromYear: filters.fromYear,
      location: filters.location,
      verified: filters.verified,
    };
    return { text, sort, criteria };
  }

  return {
    async search(filters: SearchFilters): Promise<SearchResults> {
      const { text, sort, criteria } = await plan(filters);
      const [found, allBrands] = await Promise.all([search.search(criteria, sort, filters.page, filters.limit), brands()]);
      const products = await catalog.listByIds(found.ids);

      const brandCount = new Map(found.brandCounts.map(({ brandId, count }) => [brandId, count]));
      const brandFacets = allBrands
        .filter(({ _id }) => brandCount.has(_id) || criteria.brands.includes(_id))
        .map(({ _id, name }) => ({ _id, name, count: brandCount.get(_id) ?? 0 }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      const conditionCount = new Map(found.conditionCounts.map(({ condition, count }) => [condition, count]));
      const conditionFacets = CONDITIONS.map((condition) => ({ condition, count: conditionCount.get(condition) ?? 0 }));

      let withoutFilter: SearchResults['withoutFilter'];
      if (found.total === 0) {
        const sum = (counts: { count: number }[]) => counts.reduce((total, { count }) => total + count, 0);
        withoutFilter = await Promise.all(
          activeFilters(filters, criteria).map(async (filter) => ({
            filter,
            // The facets already count without the brand (or condition) filter.
            total:
              filter === 'brand'
                ? sum(found.brandCounts)
                : filter === 'condition'
                  ? sum(found.conditionCounts)
                  : await search.countWithout(criteria, filter, WITHOUT_FILTER_CAP),
          })),
        );
      }

      return {
        products,
        total: found.total,
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
      const text = queryWords(q).join(' ');
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

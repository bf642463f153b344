import { sql, type SQL } from 'drizzle-orm';
import type { Condition, SearchFilterName, SearchSort } from '@phonehaat/shared-api';
import type { Db } from '../db/client.js';
import type { TermInfo } from '../search/text-query.js';

/** The filters of a search, as the repository applies them (the text already a tsquery). */
export interface SearchCriteria {
  tsquery?: string | undefined;
  brands: string[];
  conditions: Condition[];
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  fromYear?: number | undefined;
  location?: string | undefined;
  verified: boolean;
}

export interface SearchPage {
  ids: string[];
  total: number;
  brandCounts: { brandId: string; count: number }[];
  conditionCounts: { condition: Condition; count: number }[];
}

const rows = async <T>(db: Db, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/** Weights of ts_rank for {D, C, B, A}: name (A) far above brand (B) above description (C). */
const RANK_WEIGHTS = '{0.05, 0.1, 0.4, 1.0}';

/**
 * On sale: available, not deleted, and its seller not removed. Removed sellers are few, so they are
 * excluded as a hashed set (users_removed_idx) rather than by joining every listing to its seller.
 */
const onSale = sql`p.status = 'available' AND p.deleted_at IS NULL
  AND p.seller_id NOT IN (SELECT id FROM users WHERE deleted_at IS NOT NULL)`;

/** LIKE's wildcards and escape, taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** Each order ends on a unique key, so pages never overlap; the price orders follow products_on_sale_price_idx. */
const orderBy: Record<SearchSort, SQL> = {
  relevance: sql`rank DESC, created_at DESC, id DESC`,
  newest: sql`created_at DESC, id DESC`,
  price_asc: sql`resale_price ASC, id ASC`,
  price_desc: sql`resale_price DESC, id DESC`,
};

/** The listings on sale that match everything but the brand and condition filters (those are faceted). */
function matched(criteria: SearchCriteria, omit?: SearchFilterName): SQL {
  const { tsquery, minPrice, maxPrice, fromYear, location, verified } = criteria;
  const where: SQL[] = [onSale];
  if (tsquery && omit !== 'q') where.push(sql`p.search_doc @@ to_tsquery('simple', ${tsquery})`);
  if (minPrice !== undefined && omit !== 'price') where.push(sql`p.resale_price >= ${minPrice}`);
  if (maxPrice !== undefined && omit !== 'price') where.push(sql`p.resale_price <= ${maxPrice}`);
  if (fromYear !== undefined && omit !== 'fromYear') where.push(sql`p.used_year >= ${fromYear}`);
  if (location && omit !== 'location') where.push(sql`lower(p.location) LIKE ${`%${likeLiteral(location.toLowerCase())}%`}`);
  if (verified && omit !== 'verified') where.push(sql`EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.verified)`);
  const rank = tsquery && omit !== 'q' ? sql`ts_rank(${RANK_WEIGHTS}::real[], p.search_doc, to_tsquery('simple', ${tsquery}))` : sql`0`;
  return sql`SELECT p.id, p.brand_id, p.condition, p.resale_price, p.created_at, ${rank} AS rank
    FROM products p
    WHERE ${sql.join(where, sql` AND `)}`;
}

const brandIn = (criteria: SearchCriteria) => (criteria.brands.length ? sql`brand_id IN (${list(criteria.brands)})` : sql`true`);
const conditionIn = (criteria: SearchCriteria) => (criteria.conditions.length ? sql`condition IN (${list(criteria.conditions)})` : sql`true`);

/**
 * One page of matches, and the matches counted by brand and condition (all that the total and both
 * facets need), in one statement. With words, the matches are found once (GIN) and kept for both parts;
 * without, each part is planned on its own: the page from an index in the sort's order, the counts in one
 * pass.
 */
function searchStatement(criteria: SearchCriteria, sort: SearchSort, page: number, limit: number): SQL {
  return sql`WITH m AS ${criteria.tsquery ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (${matched(criteria)})
    SELECT
      (SELECT json_agg(id) FROM (SELECT id FROM m WHERE ${brandIn(criteria)} AND ${conditionIn(criteria)}
        ORDER BY ${orderBy[sort]} LIMIT ${limit} OFFSET ${(page - 1) * limit}) AS pg) AS ids,
      (SELECT json_agg(json_build_object('brandId', brand_id, 'condition', condition, 'count', n)) FROM
        (SELECT brand_id, condition, count(*)::int AS n FROM m GROUP BY brand_id, condition) AS c) AS counts`;
}

/**
 * The total and the facets from the counts by brand and condition: a brand's count applies every filter
 * but the brand filter, a condition's every filter but the condition filter, so each says what picking
 * it would give; the total applies both.
 */
export function facetsOf(counts: { brandId: string; condition: Condition; count: number }[], criteria: Pick<SearchCriteria, 'brands' | 'conditions'>) {
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
  return {
    total,
    brandCounts: [...brands].map(([brandId, count]) => ({ brandId, count })),
    conditionCounts: [...conditions].map(([condition, count]) => ({ condition, count })),
  };
}

export function createSearchRepository(db: Db) {

  return {
    /** What the vocabulary knows of each candidate word (see search/text-query.ts). */
    async lookupTerms(candidates: string[]): Promise<Map<string, TermInfo>> {
      if (candidates.length === 0) return new Map();
      // The candidates are letters and digits only (queryWords), so joining them with spaces is lossless
      // and `c || '%'` is a plain prefix pattern.
      const found = await rows<{ candidate: string; exact: boolean; prefix: boolean; correction: string | null }>(
        db,
        sql`SELECT c AS candidate,
            EXISTS (SELECT 1 FROM search_terms t WHERE t.term = c) AS exact,
            EXISTS (SELECT 1 FROM search_terms t WHERE t.term LIKE c || '%') AS prefix,
            (SELECT t.term FROM search_terms t WHERE t.term % c ORDER BY similarity(t.term, c) DESC, t.term LIMIT 1) AS correction
          FROM unnest(string_to_array(${candidates.join(' ')}, ' ')) AS c`,
      );
      return new Map(found.map(({ candidate, correction, ...info }) => [candidate, { ...info, correction: correction ?? undefined }]));
    },

    /** See searchStatement. */
    async search(criteria: SearchCriteria, sort: SearchSort, page: number, limit: number): Promise<SearchPage> {
      const [result] = await rows<{ ids: string[] | null; counts: { brandId: string; condition: Condition; count: number }[] | null }>(
        db,
        searchStatement(criteria, sort, page, limit),
      );
      return { ids: result?.ids ?? [], ...facetsOf(result?.counts ?? [], criteria) };
    },

    /** The plan PostgreSQL runs for a search, with its timings (for the benchmark's report). */
    async explainSearch(criteria: SearchCriteria, sort: SearchSort, page: number, limit: number): Promise<string> {
      const plan = await rows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, COSTS OFF) ${searchStatement(criteria, sort, page, limit)}`);
      return plan.map((row) => Object.values(row)[0]).join('\n');
    },

    /**
     * How many would match with one filter dropped (for an empty result's "remove this filter"), counted
     * up to `cap`: dropping the words can mean every listing, and nobody needs that number exactly.
     */
    async countWithout(criteria: SearchCriteria, omit: SearchFilterName, cap: number): Promise<number> {
      const keep = sql`${omit === 'brand' ? sql`true` : brandIn(criteria)} AND ${omit === 'condition' ? sql`true` : conditionIn(criteria)}`;
      const [result] = await rows<{ total: number | string }>(
        db,
        sql`SELECT count(*) AS total FROM (SELECT 1 FROM (${matched(criteria, omit)}) AS m WHERE ${keep} LIMIT ${cap}) AS capped`,
      );
      return Number(result?.total ?? 0);
    },

    /** Listing names (with a listing on sale) that start with, or contain a word like, what is typed. */
    async suggestNames(text: string, limit: number): Promise<string[]> {
      const found = await rows<{ label: string }>(
        db,
        sql`SELECT s.label FROM search_phrases s
          WHERE (s.phrase LIKE ${`${likeLiteral(text)}%`} OR ${text} <% s.phrase)
            AND EXISTS (SELECT 1 FROM products p WHERE btrim(regexp_replace(search_text(p.name), '\\s+', ' ', 'g')) = s.phrase AND ${onSale})
          ORDER BY s.phrase LIKE ${`${likeLiteral(text)}%`} DESC, word_similarity(${text}, s.phrase) DESC, length(s.phrase), s.phrase
          LIMIT ${limit}`,
      );
      return found.map((row) => row.label);
    },

    /** Brands whose name starts with, or is near, what is typed. */
    async suggestBrands(text: string, limit: number): Promise<string[]> {
      const found = await rows<{ name: string }>(
        db,
        sql`SELECT name FROM brands
          WHERE lower(name) LIKE ${`${likeLiteral(text)}%`} OR ${text} <% lower(name) OR ${text} % lower(name)
          ORDER BY lower(name) LIKE ${`${likeLiteral(text)}%`} DESC, similarity(${text}, lower(name)) DESC, name
          LIMIT ${limit}`,
      );
      return found.map((row) => row.name);
    },

    /** Up to `limit` other phones of the brand on sale, nearest in price first. */
    async similarIds(product: { id: string; brandId: string; resalePrice: number }, limit: number): Promise<string[]> {
      const { id, brandId, resalePrice } = product;
      const side = (comparison: SQL, direction: SQL) => sql`(SELECT p.id, p.resale_price, p.created_at FROM products p
          WHERE p.brand_id = ${brandId} AND ${onSale} AND p.id <> ${id} AND ${comparison}
          ORDER BY p.resale_price ${direction}, p.id LIMIT ${limit})`;
      const found = await rows<{ id: string }>(
        db,
        sql`SELECT id FROM (${side(sql`p.resale_price >= ${resalePrice}`, sql`ASC`)} UNION ALL ${side(sql`p.resale_price < ${resalePrice}`, sql`DESC`)}) AS near
          ORDER BY abs(resale_price - ${resalePrice}), created_at DESC, id LIMIT ${limit}`,
      );
      return found.map((row) => row.id);
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

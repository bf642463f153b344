import { sql, type SQL } from 'drizzle-orm';
import type { Condition, Photo, Product, SearchFilterName, SearchSort } from '@phonehaat/shared-api';
import type { Db } from '../../../db/client.ts';
import type { PhotoRef } from '../../catalog/index.ts';
import type { StoredReport, SummarizeReport } from '../../trust/index.ts';
import { likeLiteral } from '../../../db/like.ts';
import { photoRefsOf } from '../../catalog/index.ts';
import { rows } from '../../../db/rows.ts';
import type { TermInfo } from '../text-query.ts';

/** The filters of a search, as the repository applies them (the text already a tsquery). */
export interface SearchCriteria {
  tsquery?: string | undefined;
  /** The location's words as a tsquery of prefixes ("mirpur:* & 10:*"). */
  brands: string[];
  conditions: Condition[];
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  fromYear?: number | undefined;
  location?: string | undefined;
  verified: boolean;
  /** Only listings whose IMEI was checked (issue 28). */
  imeiChecked: boolean;
  /** Only listings whose seller verified their phone number (issue 46). */
  phoneVerified: boolean;
}

/** Weights of ts_rank for {D, C, B, A}: name (A) far above brand (B) above description (C). */
const RANK_WEIGHTS = '{0.05, 0.1, 0.4, 1.0}';

/**
 * On sale: available, not deleted, and its seller not removed. Removed sellers are few, so they are
 * excluded as a hashed set (users_removed_idx) rather than by joining every listing to its seller.
 */
const onSale = sql`p.status = 'available' AND p.deleted_at IS NULL
  AND p.seller_id NOT IN (SELECT id FROM users WHERE deleted_at IS NOT NULL)`;

/** LIKE's wildcards and escape, taken literally. */

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** Each order ends on a unique key, so pages never overlap; the price orders follow products_on_sale_price_idx. */
const orderBy: Record<SearchSort, SQL> = {
  relevance: sql`rank DESC, created_at DESC, id DESC`,
  newest: sql`created_at DESC, id DESC`,
  price_asc: sql`resale_price ASC, id ASC`,
  price_desc: sql`resale_price DESC, id DESC`,
  // Read for the page's candidates only when asked for (users.rating_* kept by a trigger, migration 0013).
  rating: sql`(SELECT CASE WHEN u.rating_count > 0 THEN u.rating_sum::float8 / u.rating_count END FROM users u WHERE u.id = seller_id) DESC NULLS LAST,
    (SELECT u.rating_count FROM users u WHERE u.id = seller_id) DESC, created_at DESC, id DESC`,
};

/** The listings on sale that match everything but the brand and condition filters (those are faceted). */
function matched(criteria: SearchCriteria, omit?: SearchFilterName, ranked = true): SQL {
  const { tsquery, minPrice, maxPrice, fromYear, location, verified, imeiChecked, phoneVerified } = criteria;
  const where: SQL[] = [onSale];
  if (tsquery && omit !== 'q') where.push(sql`p.search_doc @@ to_tsquery('simple', ${tsquery})`);
  if (minPrice !== undefined && omit !== 'price') where.push(sql`p.resale_price >= ${minPrice}`);
  if (maxPrice !== undefined && omit !== 'price') where.push(sql`p.resale_price <= ${maxPrice}`);
  if (fromYear !== undefined && omit !== 'fromYear') where.push(sql`p.used_year >= ${fromYear}`);
  if (location && omit !== 'location') where.push(sql`p.location_doc @@ to_tsquery('simple', ${location})`);
  if (verified && omit !== 'verified') where.push(sql`EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.verified)`);
  if (imeiChecked && omit !== 'imeiChecked') where.push(sql`p.imei_hash IS NOT NULL`);
  if (phoneVerified && omit !== 'phoneVerified') where.push(sql`EXISTS (SELECT 1 FROM users u WHERE u.id = p.seller_id AND u.phone_verified_at IS NOT NULL)`);
  const rank = ranked && tsquery && omit !== 'q' ? sql`ts_rank(${RANK_WEIGHTS}::real[], p.search_doc, to_tsquery('simple', ${tsquery}))` : sql`0`;
  return sql`SELECT p.id, p.brand_id, p.seller_id, p.condition, p.resale_price, p.created_at, ${rank} AS rank
    FROM products p
    WHERE ${sql.join(where, sql` AND `)}`;
}

const brandIn = (criteria: SearchCriteria) => (criteria.brands.length ? sql`brand_id IN (${list(criteria.brands)})` : sql`true`);
const conditionIn = (criteria: SearchCriteria) => (criteria.conditions.length ? sql`condition IN (${list(criteria.conditions)})` : sql`true`);

export type BrandConditionCount = { brandId: string; condition: Condition; count: number };

/** The page's ids numbered in the sort's order (row_number() over the already ordered, limited rows). */
const pageOf = (criteria: SearchCriteria, sort: SearchSort, page: number, limit: number) =>
  sql`SELECT id, row_number() OVER () AS position FROM (SELECT id FROM m WHERE ${brandIn(criteria)} AND ${conditionIn(criteria)}
    ORDER BY ${orderBy[sort]} LIMIT ${limit} OFFSET ${(page - 1) * limit}) AS ordered`;

/**
 * A page's listings as the contract's Product, built in the same statement as the search (one round trip
 * instead of a second query for twelve rows). The same shape as catalog.ts's listing columns; every
 * response is checked against the Product schema, so the two cannot drift apart unnoticed.
 */
const listingsOf = (page: SQL) => sql`SELECT json_agg(json_build_object(
    '_id', p.id, 'name', p.name, 'img', p.img, 'brandId', p.brand_id, 'brandName', b.name, 'condition', p.condition,
    'resalePrice', p.resale_price, 'originalPrice', p.original_price, 'usedYear', p.used_year, 'location', p.location,
    'description', p.description, 'sellerId', p.seller_id, 'sellerName', u.name, 'sellerVerified', u.verified, 'sellerPhoneVerified', u.phone_verified_at IS NOT NULL,
    'sellerRating', CASE WHEN u.rating_count > 0 THEN round(u.rating_sum::numeric / u.rating_count, 1)::float8 END, 'sellerReviews', u.rating_count, 'imeiChecked', p.imei_hash IS NOT NULL, 'status', p.status, 'openToOffers', p.open_to_offers,
    'courier', EXISTS (SELECT 1 FROM seller_pickups sp WHERE sp.seller_id = p.seller_id),
    'advertised', a.product_id IS NOT NULL, 'photos', ${photoRefsOf(sql`p.id`)},
    'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deviceReport', (SELECT to_jsonb(r) FROM device_reports r WHERE r.product_id = p.id AND r.purpose = 'listing' ORDER BY r.created_at DESC LIMIT 1),
    'describedAt', p.described_at
  ) ORDER BY pg.position)
  FROM (${page}) AS pg
  JOIN products p ON p.id = pg.id
  JOIN users u ON u.id = p.seller_id
  JOIN brands b ON b.id = p.brand_id
  LEFT JOIN advertisements a ON a.product_id = p.id`;

/** The matches counted by brand and condition: all that the total and both facets need (search-service.ts). */
const countsOf = sql`SELECT brand_id AS "brandId", condition, count(*)::int AS count FROM m GROUP BY brand_id, condition`;

/**
 * A search with words: the matches are found once (GIN) and kept for both the page and the counts, in
 * one statement.
 */
function searchStatement(criteria: SearchCriteria, sort: SearchSort, page: number, limit: number): SQL {
  return sql`WITH m AS MATERIALIZED (${matched(criteria, undefined, sort === 'relevance')})
    SELECT (${listingsOf(pageOf(criteria, sort, page, limit))}) AS products, (SELECT json_agg(c) FROM (${countsOf}) AS c) AS counts`;
}

/** A listing as the statement builds it: its photos still references (the service names their URLs), its newest check as stored. */
type ListingJson = Omit<Product, 'photos' | 'tested'> & { photos: PhotoRef[]; deviceReport: StoredReport | null; describedAt: string };

export function createSearchRepository(db: Db, toPhoto: (ref: PhotoRef) => Photo, summarize: SummarizeReport) {
  const toProducts = (listings: ListingJson[] | null | undefined): Product[] =>
    (listings ?? []).map(({ deviceReport, describedAt, ...listing }) => ({ ...listing, photos: listing.photos.map(toPhoto), tested: summarize(deviceReport, new Date(describedAt)) }));

  return {
    /** What the vocabulary knows of each candidate word (see search/text-query.ts). */
    async lookupTerms(candidates: string[]): Promise<Map<string, TermInfo>> {
      if (candidates.length === 0) return new Map();
      // The candidates are letters and digits only (typedWords, bangla.ts), so joining them with spaces is lossless
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

    /** A search with words: one page of listings and the counts by brand and condition (see searchStatement). */
    async search(criteria: SearchCriteria, sort: SearchSort, page: number, limit: number): Promise<{ products: Product[]; counts: BrandConditionCount[] }> {
      const [result] = await rows<{ products: ListingJson[] | null; counts: BrandConditionCount[] | null }>(db, searchStatement(criteria, sort, page, limit));
      return { products: toProducts(result?.products), counts: result?.counts ?? [] };
    },

    /** One page of a search without words, read from an index in the sort's order. */
    async page(criteria: SearchCriteria, sort: SearchSort, page: number, limit: number): Promise<Product[]> {
      const [result] = await rows<{ products: ListingJson[] | null }>(
        db,
        sql`WITH m AS (${matched(criteria)}) SELECT (${listingsOf(pageOf(criteria, sort, page, limit))}) AS products`,
      );
      return toProducts(result?.products);
    },

    /** The listings matching a search's words and other filters, counted by brand and condition in one pass. */
    async counts(criteria: SearchCriteria): Promise<BrandConditionCount[]> {
      return rows<BrandConditionCount>(db, sql`WITH m AS (${matched(criteria)}) ${countsOf}`);
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

    /**
     * Listing names that start with, or contain a word like, what is typed, best first, and only those with
     * a listing still on sale: the check runs down the ordered names and stops once there are enough.
     */
    async suggestNames(text: string, limit: number): Promise<string[]> {
      const prefix = `${likeLiteral(text)}%`;
      const found = await rows<{ label: string }>(
        db,
        sql`SELECT label FROM (
            SELECT s.phrase, s.label FROM search_phrases s
            WHERE s.phrase LIKE ${prefix} OR ${text} <% s.phrase
            ORDER BY s.phrase LIKE ${prefix} DESC, word_similarity(${text}, s.phrase) DESC, length(s.phrase), s.phrase
            LIMIT ${limit * 8}
          ) AS candidate
          WHERE EXISTS (SELECT 1 FROM products p WHERE p.name_phrase = candidate.phrase AND ${onSale})
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

    /** Up to `limit` other phones of the brand on sale, nearest in price first, and of equally near ones the newest (on each side too). */
    async similarIds(product: { id: string; brandId: string; resalePrice: number }, limit: number): Promise<string[]> {
      const { id, brandId, resalePrice } = product;
      const side = (comparison: SQL, direction: SQL) => sql`(SELECT p.id, p.resale_price, p.created_at FROM products p
          WHERE p.brand_id = ${brandId} AND ${onSale} AND p.id <> ${id} AND ${comparison}
          ORDER BY p.resale_price ${direction}, p.created_at DESC, p.id LIMIT ${limit})`;
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

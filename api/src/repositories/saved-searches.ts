import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '@phonehaat/shared-api';
import type { Db, Tx } from '../db/client.js';
import { savedSearches, users } from '../db/schema.js';
import { conflict } from '../errors.js';
import type { SearchCriteria } from './search.js';
import { rows } from './rows.js';

/** The words every match must have exactly: the tsquery's groups that are one plain word (not a prefix, not "or"). */
export const requiredWords = (tsquery: string | undefined): string[] =>
  tsquery ? [...new Set(tsquery.split(' & ').filter((group) => /^[^\s()|:*&!']+$/u.test(group)))] : [];

const toSavedSearch = (row: typeof savedSearches.$inferSelect): SavedSearch => ({
  _id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

/** A saved search that found a new listing. */
export interface SearchMatch {
  searchId: string;
  userId: string;
  name: string;
}

/**
 * The saved searches a listing matches, found by index rather than one by one: those whose required words the
 * listing all has (GIN, "contained by"), and those without such words (by their filters); every filter is then
 * checked as search checks it.
 */
function foundFor(productId: string, words: string[]) {
  const lexemes = sql`${`{${words.map((word) => `"${word.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;
  const checks = sql`
    AND s.user_id <> p.seller_id
    AND (cardinality(s.brands) = 0 OR p.brand_id = ANY (s.brands))
    AND (cardinality(s.conditions) = 0 OR p.condition = ANY (s.conditions))
    AND (s.min_price IS NULL OR p.resale_price >= s.min_price)
    AND (s.max_price IS NULL OR p.resale_price <= s.max_price)
    AND (s.from_year IS NULL OR p.used_year >= s.from_year)
    AND (s.tsquery IS NULL OR p.search_doc @@ to_tsquery('simple', s.tsquery))
    AND (s.location_tsquery IS NULL OR p.location_doc @@ to_tsquery('simple', s.location_tsquery))
    AND (NOT s.verified OR u.verified)`;
  return sql`SELECT s.id FROM saved_searches s, products p JOIN users u ON u.id = p.seller_id
             WHERE p.id = ${productId} AND s.required <@ ${lexemes} AND cardinality(s.required) > 0 ${checks}
             UNION ALL
             SELECT s.id FROM saved_searches s, products p JOIN users u ON u.id = p.seller_id
             WHERE p.id = ${productId} AND cardinality(s.required) = 0 ${checks}`;
}

export function createSavedSearchesRepository(db: Db) {
  return {
    /** At most MAX_SAVED_SEARCHES per person: counted under a lock on the person, so two saves at once cannot pass it. */
    async create(userId: string, name: string, query: string, criteria: SearchCriteria): Promise<SavedSearch> {
      return db.transaction(async (tx: Tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [{ saved } = { saved: 0 }] = await tx.select({ saved: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
        if (saved >= MAX_SAVED_SEARCHES) throw conflict(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches: delete one first`);
        const [row] = await tx
          .insert(savedSearches)
          .values({
            userId,
            name,
            query,
            tsquery: criteria.tsquery ?? null,
            required: requiredWords(criteria.tsquery),
            brands: criteria.brands,
            conditions: criteria.conditions,
            minPrice: criteria.minPrice ?? null,
            maxPrice: criteria.maxPrice ?? null,
            fromYear: criteria.fromYear ?? null,
            locationTsquery: criteria.location ?? null,
            verified: criteria.verified,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return toSavedSearch(row);
      });
    },

    async list(userId: string): Promise<SavedSearch[]> {
      const found = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
      return found.map(toSavedSearch);
    },

    async rename(userId: string, id: string, name: string): Promise<SavedSearch | undefined> {
      const [row] = await db.update(savedSearches).set({ name }).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning();
      return row && toSavedSearch(row);
    },

    async remove(userId: string, id: string): Promise<number> {
      const removed = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id });
      return removed.length;
    },

    /** Which saved searches a listing matches, recording nothing (the benchmark times the query alone). */
    async find(productId: string): Promise<string[]> {
      const [listing] = await rows<{ lexemes: string[] }>(db, sql`SELECT tsvector_to_array(search_doc) AS lexemes FROM products WHERE id = ${productId}`);
      if (!listing) return [];
      return (await rows<{ id: string }>(db, foundFor(productId, listing.lexemes))).map((row) => row.id);
    },

    /**
     * Matches a listing (see foundFor): records each match once (a listing is never announced twice to one search),
     * with `alongside` (their notifications) in the same transaction, and marks the listing matched.
     */
    async match<T>(productId: string, alongside: (tx: Tx, matches: SearchMatch[]) => Promise<T>): Promise<T | undefined> {
      return db.transaction(async (tx: Tx) => {
        const [listing] = await rows<{ lexemes: string[] }>(
          tx,
          sql`UPDATE products SET matched_at = now() WHERE id = ${productId} AND matched_at IS NULL AND deleted_at IS NULL AND status = 'available'
              RETURNING tsvector_to_array(search_doc) AS lexemes`,
        );
        if (!listing) return undefined;
        const found = foundFor(productId, listing.lexemes);
        const matches = await rows<SearchMatch>(
          tx,
          sql`WITH found AS (${found}), recorded AS (
                INSERT INTO saved_search_matches (saved_search_id, product_id) SELECT id, ${productId} FROM found
                ON CONFLICT DO NOTHING RETURNING saved_search_id
              )
              SELECT s.id AS "searchId", s.user_id AS "userId", s.name FROM recorded r JOIN saved_searches s ON s.id = r.saved_search_id`,
        );
        return alongside(tx, matches);
      });
    },

    /**
     * The day's digest: every match not yet e-mailed, by person, its phone still on sale. The matches are taken under
     * a lock (SKIP LOCKED: two instances running the digest at once share it out, never both) and marked e-mailed in
     * the same transaction as `write` writes each person's e-mail to the outbox.
     */
    async digest<T>(write: (tx: Tx, byPerson: Map<string, DigestPhone[]>) => Promise<T>): Promise<T> {
      return db.transaction(async (tx: Tx) => {
        const taken = await rows<DigestPhone & { userId: string; searchId: string; onSale: boolean }>(
          tx,
          sql`SELECT m.saved_search_id AS "searchId", m.product_id AS "productId", s.user_id AS "userId", s.name AS "searchName",
                     p.name, p.resale_price AS price, (p.deleted_at IS NULL AND p.status = 'available') AS "onSale"
              FROM saved_search_matches m JOIN saved_searches s ON s.id = m.saved_search_id JOIN products p ON p.id = m.product_id
              WHERE m.digested_at IS NULL
              ORDER BY s.user_id, m.created_at
              FOR UPDATE OF m SKIP LOCKED`,
        );
        const byPerson = new Map<string, DigestPhone[]>();
        for (const { userId, searchId: _searchId, onSale, ...phone } of taken) {
          if (!onSale) continue;
          const list = byPerson.get(userId) ?? [];
          if (!list.some((known) => known.productId === phone.productId)) list.push(phone);
          byPerson.set(userId, list);
        }
        const result = await write(tx, byPerson);
        for (let start = 0; start < taken.length; start += 500) {
          const pairs = taken.slice(start, start + 500).map(({ searchId, productId }) => sql`(${searchId}::uuid, ${productId}::uuid)`);
          await tx.execute(sql`UPDATE saved_search_matches SET digested_at = now() WHERE (saved_search_id, product_id) IN (${sql.join(pairs, sql`, `)})`);
        }
        return result;
      });
    },

    /** Listings a crash left unmatched (the matching's outbox), oldest first. */
    async unmatched(olderThanSeconds: number, limit = 100): Promise<string[]> {
      const found = await rows<{ id: string }>(
        db,
        sql`SELECT id FROM products WHERE matched_at IS NULL AND deleted_at IS NULL AND status = 'available' AND created_at < now() - make_interval(secs => ${olderThanSeconds}) ORDER BY created_at LIMIT ${limit}`,
      );
      return found.map((row) => row.id);
    },
  };
}
export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;

/** One person's new phones for the day's digest e-mail. */
export interface DigestPhone {
  productId: string;
  name: string;
  price: number;
  searchName: string;
}

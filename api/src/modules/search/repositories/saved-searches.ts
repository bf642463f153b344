import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { savedSearches, users } from '../../../db/schema.ts';
import { DomainError } from '../../../domain-error.ts';
import type { SearchCriteria } from './search.ts';
import { rows } from '../../../db/rows.ts';

/** A tsquery's top-level groups: split at " & " outside parentheses ("(a:* | (b & c)) & d" is two groups). */
const topLevelGroups = (tsquery: string): string[] => {
  const groups: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < tsquery.length; i++) {
    if (tsquery[i] === '(') depth++;
    else if (tsquery[i] === ')') depth--;
    else if (depth === 0 && tsquery.startsWith(' & ', i)) {
      groups.push(tsquery.slice(start, i));
      start = i + 3;
    }
  }
  groups.push(tsquery.slice(start));
  return groups;
};

/**
 * The words every match must have exactly: the tsquery's top-level groups that are one plain word (not a prefix, not
 * an alternative: a word inside "(zenfone3fucz:* | (zenfone & 3 & fucz))" is not required).
 */
export const requiredWords = (tsquery: string | undefined): string[] =>
  tsquery ? [...new Set(topLevelGroups(tsquery).filter((group) => /^[^\s()|:*&!']+$/u.test(group)))] : [];

const toSavedSearch = (row: typeof savedSearches.$inferSelect): SavedSearch => ({
  _id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The saved searches a listing matches, found by index rather than one by one: those anchored (migration 0011) on one
 * of the listing's keys (its words, its brand, '*') whose price cap it is under; every filter is then checked as
 * search checks it.
 */
function foundFor(productId: string) {
  return sql`SELECT s.id, s.user_id, s.name FROM products p JOIN users u ON u.id = p.seller_id, saved_searches s
             WHERE p.id = ${productId}
               AND s.anchor = ANY (tsvector_to_array(p.search_doc) || ARRAY['brand:' || p.brand_id, '*'])
               AND coalesce(s.max_price, 2147483647) >= p.resale_price
               AND s.required <@ tsvector_to_array(p.search_doc)
               AND (s.match_query IS NULL OR p.search_doc @@ s.match_query)
               AND s.user_id <> p.seller_id
               AND (cardinality(s.brands) = 0 OR p.brand_id = ANY (s.brands))
               AND (cardinality(s.conditions) = 0 OR p.condition = ANY (s.conditions))
               AND (s.min_price IS NULL OR p.resale_price >= s.min_price)
               AND (s.from_year IS NULL OR p.used_year >= s.from_year)
               AND (s.location_tsquery IS NULL OR p.location_doc @@ to_tsquery('simple', s.location_tsquery))
               AND (NOT s.verified OR u.verified)
               AND (NOT s.imei_checked OR p.imei_hash IS NOT NULL)
               AND (NOT s.phone_verified OR u.phone_verified_at IS NOT NULL)`;
}

export function createSavedSearchesRepository(db: Db) {
  return {
    /** At most MAX_SAVED_SEARCHES per person: counted under a lock on the person, so two saves at once cannot pass it. */
    async create(userId: string, name: string, query: string, criteria: SearchCriteria): Promise<SavedSearch> {
      return db.transaction(async (tx: Tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [{ saved } = { saved: 0 }] = await tx.select({ saved: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
        if (saved >= MAX_SAVED_SEARCHES) throw new DomainError('conflict', `You can keep at most ${MAX_SAVED_SEARCHES} saved searches: delete one first`);
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
            imeiChecked: criteria.imeiChecked,
            phoneVerified: criteria.phoneVerified,
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
      return (await rows<{ id: string }>(db, foundFor(productId))).map((row) => row.id);
    },

    /**
     * Matches a listing (see foundFor) and marks it matched; `alongside` records the matches, as their notifications,
     * in the same transaction, from the query it is given (after `ctes`): a row per saved search found, its owner
     * (`user_id`), its id (`key`: a listing is announced once to a search) and its name and id (`params`).
     */
    async match<T>(productId: string, alongside: (tx: Tx, matched: { ctes: SQL; source: SQL }) => Promise<T>): Promise<T | undefined> {
      return db.transaction(async (tx: Tx) => {
        const [listing] = await rows<{ id: string }>(
          tx,
          sql`UPDATE products SET matched_at = now() WHERE id = ${productId} AND matched_at IS NULL AND deleted_at IS NULL AND status = 'available'
              RETURNING id`,
        );
        if (!listing) return undefined;
        return alongside(tx, {
          ctes: sql`found AS (${foundFor(productId)})`,
          source: sql`SELECT user_id, id::text AS key, jsonb_build_object('searchName', name, 'searchId', id) AS params FROM found`,
        });
      });
    },

    /**
     * The day's digest: every match not yet e-mailed, by person, its phone still on sale and its search still kept.
     * The matches are taken under a lock (SKIP LOCKED: two instances running the digest at once share it out, never
     * both) and marked e-mailed in the same transaction as `write` writes each person's e-mail to the outbox.
     */
    async digest<T>(write: (tx: Tx, byPerson: Map<string, DigestPhone[]>) => Promise<T>): Promise<T> {
      return db.transaction(async (tx: Tx) => {
        const taken = await rows<DigestPhone & { id: string; userId: string; wanted: boolean }>(
          tx,
          sql`SELECT n.id, n.user_id AS "userId", p.id AS "productId", s.name AS "searchName", p.name, p.resale_price AS price,
                     (p.deleted_at IS NULL AND p.status = 'available' AND s.id IS NOT NULL) AS wanted
              FROM notifications n
              JOIN products p ON p.id = (n.params ->> 'productId')::uuid
              LEFT JOIN saved_searches s ON s.id = (n.params ->> 'searchId')::uuid
              WHERE n.kind = 'saved-search' AND n.digested_at IS NULL
              ORDER BY n.user_id, n.id
              FOR UPDATE OF n SKIP LOCKED`,
        );
        const byPerson = new Map<string, DigestPhone[]>();
        for (const { id: _id, userId, wanted, ...phone } of taken) {
          if (!wanted) continue;
          const list = byPerson.get(userId) ?? [];
          if (!list.some((known) => known.productId === phone.productId)) list.push(phone);
          byPerson.set(userId, list);
        }
        const result = await write(tx, byPerson);
        for (let start = 0; start < taken.length; start += 1000) {
          const ids = taken.slice(start, start + 1000).map((row) => sql`${row.id}`);
          await tx.execute(sql`UPDATE notifications SET digested_at = now() WHERE id IN (${sql.join(ids, sql`, `)})`);
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

import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AccountType, BuyerSummary, Role, SellerSummary, User } from '@phonehaat/shared-api';
import type { Db, Tx } from '../../../db/client.ts';
import { advertisements, products, users } from '../../../db/schema.ts';
import { likeLiteral } from '../../../db/like.ts';

export type UserRow = typeof users.$inferSelect;

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  verified: row.verified,
});

/** Work done in the same transaction as a change (its audit row). */
type Alongside = (tx: Tx, user: UserRow) => Promise<void>;
const nothing: Alongside = async () => undefined;
/** A listing that left with its removed seller. */
export interface RemovedListing {
  id: string;
  name: string;
  sellerId: string;
}
type RemovedAlongside = (tx: Tx, user: UserRow, listings: RemovedListing[]) => Promise<void>;

/** A page of a role's list, searched by name or email (trigram-indexed, see 0004_trust.sql). */
export interface UserListPage {
  q?: string;
  page: number;
  limit: number;
}

export function createUsersRepository(db: Db) {
  const matching = (role: 'Seller' | 'Buyer', q?: string) =>
    and(eq(users.role, role), isNull(users.deletedAt), q ? sql`lower(${users.name} || ' ' || ${users.email}) LIKE ${`%${likeLiteral(q.toLowerCase())}%`}` : undefined);
  const newestFirst = [desc(users.createdAt), desc(users.id)];

  /**
   * A role's active users with one count each, newest first: every one, or one page of those matching `q`. A page's
   * ids are found first (an index scan that stops at the page), so the per-row count runs for its rows only.
   */
  async function summaries<T>(role: 'Seller' | 'Buyer', counted: SQL<number>, toSummary: (user: UserRow, n: number) => T, paging?: UserListPage) {
    const where = matching(role, paging?.q);
    const page = paging
      ? inArray(users.id, db.select({ id: users.id }).from(users).where(where).orderBy(...newestFirst).limit(paging.limit).offset((paging.page - 1) * paging.limit))
      : where;
    const rows = await db.select({ user: users, n: counted }).from(users).where(page).orderBy(...newestFirst);
    return rows.map(({ user, n }) => toSummary(user, Number(n)));
  }

  // Written out: drizzle leaves columns unqualified in a one-table select, which a correlated subquery cannot use.
  const listingCount = sql<number>`(SELECT count(*)::int FROM products p WHERE p.seller_id = users.id AND p.deleted_at IS NULL)`;
  const bookingCount = sql<number>`(SELECT count(*)::int FROM bookings b WHERE b.buyer_id = users.id)`;
  const phoneEnding = (user: UserRow) => user.phone?.slice(-3) ?? null;
  const toSeller = (user: UserRow, listings: number): SellerSummary => ({ ...toUser(user), listings, phoneEnding: phoneEnding(user), createdAt: user.createdAt.toISOString() });
  const toBuyer = (user: UserRow, bookingTotal: number): BuyerSummary => ({ ...toUser(user), bookings: bookingTotal, phoneEnding: phoneEnding(user), createdAt: user.createdAt.toISOString() });

  return {
    /** Active (not removed) user by id. */
    /** The language the person last used PhoneHaat in. */
    async setLanguage(id: string, language: 'en' | 'bn'): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, id));
    },

    async findActiveById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row;
    },

    /** Any user by email, removed ones included, so a removed account cannot quietly come back. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    /** Any user by their Firebase account, removed ones included (an account made by phone has no e-mail address). */
    async findByFirebaseUid(firebaseUid: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.firebaseUid, firebaseUid));
      return row;
    },

    /** An account made by phone (issue 46): no e-mail address, its number verified by the code it signed in with. */
    async createByPhone(input: { firebaseUid: string; name: string; phone: string; role: AccountType }): Promise<UserRow> {
      const [row] = await db.insert(users).values({ ...input, email: null, phoneVerifiedAt: new Date() }).returning();
      return row!;
    },

    /** Creates the account once; a repeat returns the stored one unchanged (roles are never switched here). */
    async createOnce(input: { firebaseUid: string; name: string; email: string; role: AccountType | Role }) {
      const [inserted] = await db
        .insert(users)
        .values(input)
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (inserted) return { user: inserted, created: true };
      const [existing] = await db
        .update(users)
        .set({ firebaseUid: input.firebaseUid })
        .where(eq(users.email, input.email))
        .returning();
      if (!existing) throw new Error(`user ${input.email} vanished during sign-up`);
      return { user: existing, created: false };
    },

    async setRole(id: string, role: Role, alongside: Alongside = nothing): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
        if (!row) throw new Error(`user ${id} not found`);
        await alongside(tx, row);
        return row;
      });
    },

    /** How many active users of a role match `q` (all of them without it). */
    async count(role: 'Seller' | 'Buyer', q?: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(users).where(matching(role, q));
      return Number(row?.total ?? 0);
    },

    /** Every active seller, or one page of them (with `q`, matching name or email). */
    listSellers: (paging?: UserListPage) => summaries('Seller', listingCount, toSeller, paging),
    /** Every active buyer, or one page of them (with `q`, matching name or email). */
    listBuyers: (paging?: UserListPage) => summaries('Buyer', bookingCount, toBuyer, paging),

    /** Undefined when there is no active user of that role; otherwise how many rows changed (0 when already verified). */
    /**
     * Takes a person's verified number off their account (an admin's reset, issue 46): `modified` 1, or 0 when they had
     * none; undefined when there is no such person. `alongside` sees them as they were.
     */
    async resetPhone(id: string, alongside: Alongside = nothing): Promise<{ modified: number; person: UserRow } | undefined> {
      return db.transaction(async (tx) => {
        const [person] = await tx.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).for('update');
        if (!person) return undefined;
        if (!person.phone) return { modified: 0, person };
        await tx.update(users).set({ phone: null, phoneVerifiedAt: null }).where(eq(users.id, id));
        await alongside(tx, person);
        return { modified: 1, person };
      });
    },

    async verifySeller(id: string, alongside: Alongside = nothing): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const [seller] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, id), eq(users.role, 'Seller'), isNull(users.deletedAt)));
        if (!seller) return undefined;
        const changed = await tx
          .update(users)
          .set({ verified: true })
          .where(and(eq(users.id, id), eq(users.verified, false)))
          .returning({ id: users.id });
        if (changed.length) await alongside(tx, seller);
        return changed.length;
      });
    },

    /**
     * Removes a seller or buyer: the row stays (their orders and payments keep their history) but is
     * marked removed, and a seller's listings and advertisements leave the storefront with it.
     */
    async remove(id: string, role: 'Seller' | 'Buyer', alongside: RemovedAlongside = nothing): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .update(users)
          .set({ deletedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.role, role), isNull(users.deletedAt)))
          .returning();
        if (!removed) return undefined;
        let listings: RemovedListing[] = [];
        if (role === 'Seller') {
          listings = await tx
            .update(products)
            .set({ deletedAt: new Date() })
            .where(and(eq(products.sellerId, id), isNull(products.deletedAt)))
            .returning({ id: products.id, name: products.name, sellerId: products.sellerId });
          await tx
            .delete(advertisements)
            .where(inArray(advertisements.productId, tx.select({ id: products.id }).from(products).where(eq(products.sellerId, id))));
        }
        await alongside(tx, removed, listings);
        return removed;
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

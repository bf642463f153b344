import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AccountType, BuyerSummary, Role, SellerSummary, User } from '@phonehaat/shared-api';
import type { Db } from '../db/client.js';
import { advertisements, bookings, products, users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  verified: row.verified,
});

export function createUsersRepository(db: Db) {
  return {
    /** Active (not removed) user by id. */
    async findActiveById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row;
    },

    /** Any user by email, removed ones included, so a removed account cannot quietly come back. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
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

    async setRole(id: string, role: Role): Promise<UserRow> {
      const [row] = await db.update(users).set({ role }).where(eq(users.id, id)).returning();
      if (!row) throw new Error(`user ${id} not found`);
      return row;
    },

    async listSellers(): Promise<SellerSummary[]> {
      const listings = db
        .select({ count: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.sellerId, users.id), isNull(products.deletedAt)));
      const rows = await db
        .select({ user: users, listings: sql<number>`(${listings})` })
        .from(users)
        .where(and(eq(users.role, 'Seller'), isNull(users.deletedAt)))
        .orderBy(desc(users.createdAt), users.id);
      return rows.map(({ user, listings }) => ({ ...toUser(user), listings: Number(listings), createdAt: user.createdAt.toISOString() }));
    },

    async listBuyers(): Promise<BuyerSummary[]> {
      const bookingCount = db
        .select({ count: sql<number>`count(*)::int` })
        .from(bookings)
        .where(eq(bookings.buyerId, users.id));
      const rows = await db
        .select({ user: users, bookings: sql<number>`(${bookingCount})` })
        .from(users)
        .where(and(eq(users.role, 'Buyer'), isNull(users.deletedAt)))
        .orderBy(desc(users.createdAt), users.id);
      return rows.map(({ user, bookings }) => ({ ...toUser(user), bookings: Number(bookings), createdAt: user.createdAt.toISOString() }));
    },

    /** Undefined when there is no active user of that role; otherwise how many rows changed (0 when already verified). */
    async verifySeller(id: string): Promise<number | undefined> {
      const seller = await db
        .select({ verified: users.verified })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'Seller'), isNull(users.deletedAt)));
      if (seller.length === 0) return undefined;
      const changed = await db
        .update(users)
        .set({ verified: true })
        .where(and(eq(users.id, id), eq(users.verified, false)))
        .returning({ id: users.id });
      return changed.length;
    },

    /**
     * Removes a seller or buyer: the row stays (their orders and payments keep their history) but is
     * marked removed, and a seller's listings and advertisements leave the storefront with it.
     */
    async remove(id: string, role: 'Seller' | 'Buyer'): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .update(users)
          .set({ deletedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.role, role), isNull(users.deletedAt)))
          .returning();
        if (!removed) return undefined;
        if (role === 'Seller') {
          await tx
            .update(products)
            .set({ deletedAt: new Date() })
            .where(and(eq(products.sellerId, id), isNull(products.deletedAt)));
          await tx
            .delete(advertisements)
            .where(inArray(advertisements.productId, tx.select({ id: products.id }).from(products).where(eq(products.sellerId, id))));
        }
        return removed;
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

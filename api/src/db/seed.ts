import { inArray } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import type { Env } from '../config/env.js';
import { demoPassword, demoUsers, seedBrands, seedProducts } from '../cli/seed-data.js';
import type { Database } from './client.js';
import { advertisements, brands, products, users } from './schema.js';

export interface SeedSummary {
  brands: number;
  users: number;
  products: number;
}

/** Finds or creates the Firebase account, so the demo users can sign in with the demo password. */
async function ensureFirebaseAccount(auth: Auth, email: string, name: string): Promise<string> {
  try {
    return (await auth.getUserByEmail(email)).uid;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    return (await auth.createUser({ email, password: demoPassword, displayName: name, emailVerified: true })).uid;
  }
}

/**
 * Idempotent demo data: brands, the demo accounts (in Firebase and the database) and, the first
 * time only, the demo listings with images served by this API.
 */
export async function seedDatabase(database: Database, env: Env, auth: Auth | undefined): Promise<SeedSummary> {
  const { db } = database;
  await db
    .insert(brands)
    .values(seedBrands.map((name) => ({ name })))
    .onConflictDoNothing({ target: brands.name });
  const brandRows = await db.select().from(brands).where(inArray(brands.name, [...seedBrands]));
  const brandId = new Map(brandRows.map((brand) => [brand.name, brand.id]));

  const userIds = new Map<string, string>();
  for (const demo of demoUsers) {
    const firebaseUid = auth ? await ensureFirebaseAccount(auth, demo.email, demo.name) : null;
    const [row] = await db
      .insert(users)
      .values({ ...demo, firebaseUid })
      // An account that already exists keeps its role, badge and removal; only its sign-in is re-linked.
      .onConflictDoUpdate({ target: users.email, set: { firebaseUid } })
      .returning({ id: users.id });
    if (row) userIds.set(demo.email, row.id);
  }

  const sellerIds = [...userIds.entries()].filter(([email]) => demoUsers.find((u) => u.email === email)?.role === 'Seller').map(([, id]) => id);
  const existing = sellerIds.length ? await db.select({ id: products.id }).from(products).where(inArray(products.sellerId, sellerIds)).limit(1) : [];
  let created = 0;
  if (existing.length === 0) {
    const base = env.PUBLIC_URL.replace(/\/$/, '');
    // Spread creation times so "newest first" has a stable, believable order.
    const now = Date.now();
    for (const [index, product] of seedProducts.entries()) {
      const sellerId = userIds.get(product.sellerEmail);
      const brand = brandId.get(product.brand);
      if (!sellerId || !brand) throw new Error(`seed product ${product.name} names an unknown seller or brand`);
      const createdAt = new Date(now - (seedProducts.length - index) * 37 * 60_000);
      const [row] = await db
        .insert(products)
        .values({
          sellerId,
          brandId: brand,
          name: product.name,
          img: `${base}/images/products/${product.image}`,
          condition: product.condition,
          resalePrice: product.resalePrice,
          originalPrice: product.originalPrice,
          usedYear: product.usedYear,
          phone: product.phone,
          location: product.location,
          description: product.description,
          createdAt,
        })
        .returning({ id: products.id });
      if (row && product.advertised) await db.insert(advertisements).values({ productId: row.id, createdAt });
      created++;
    }
  }
  return { brands: brandRows.length, users: userIds.size, products: created };
}

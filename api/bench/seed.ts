import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { seedBrands } from '../src/cli/seed-data.js';
import type { Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { advertisements, bookings, brands, payments, products, users } from '../src/db/schema.js';
import { benchListing } from './listings.js';

const SELLERS = 2_000;
/** As many buyers as the admin lists must stay fast with (issue 12). */
export const BUYERS = 100_000;

/**
 * The benchmark's market: the brands, 2,000 sellers (a third verified), 100,000 buyers with common Bangladeshi
 * names (the one the token is for first), an admin, and `total` listings.
 */
export async function seedBenchListings(database: Database, publicUrl: string, total: number): Promise<void> {
  const { db } = database;
  await migrate(database);
  const brandRows = await db.insert(brands).values(seedBrands.map((name) => ({ name }))).returning();
  const brandId = new Map(brandRows.map((brand) => [brand.name, brand.id]));
  const sellers = await db
    .insert(users)
    // Every seller, and the buyer the benches act as, with a verified number: listing, booking and writing need one (issue 46).
    .values(Array.from({ length: SELLERS }, (_, i) => ({ name: `Seller ${i}`, email: `seller${i}@bench.test`, role: 'Seller' as const, verified: i % 3 === 0, phone: `+88017${String(i).padStart(8, '0')}`, phoneVerifiedAt: new Date() })))
    .returning({ id: users.id });
  await db.insert(users).values([
    { name: 'Bench Buyer', email: 'buyer@bench.test', role: 'Buyer', phone: '+8801911000000', phoneVerifiedAt: new Date() },
    { name: 'Bench Admin', email: 'admin@bench.test', role: 'admin' },
  ]);
  await db.execute(sql`INSERT INTO users (name, email, role, created_at)
    SELECT (ARRAY['Tanvir','Rafiq','Nusrat','Ayesha','Karim','Shila','Mitu','Jamal'])[1 + g % 8] || ' ' ||
           (ARRAY['Ahmed','Islam','Jahan','Rahman','Hossain','Akter','Khan','Uddin'])[1 + (g / 8) % 8],
           'buyer' || g || '@bench.test', 'Buyer', now() - g * interval '1 minute'
    FROM generate_series(1, ${BUYERS - 1}) AS g`);
  for (let start = 0; start < total; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
      const i = start + k;
      const { brand, ...listing } = benchListing(i);
      return {
        ...listing,
        id: randomUUID(),
        sellerId: sellers[(i * 7919) % SELLERS]!.id,
        brandId: brandId.get(brand)!,
        img: `${publicUrl}/images/products/iphone-13-pro.svg`,
        phone: '01711-000000',
        status: i % 20 === 0 ? ('sold' as const) : ('available' as const),
        createdAt: new Date(Date.now() - i * 1000),
        // Listed before any search was saved: not matched again (the matching's sweep leaves them).
        matchedAt: new Date(),
      };
    });
    await db.insert(products).values(rows);
    // One in ten is advertised.
    await db.insert(advertisements).values(rows.filter((_, k) => k % 10 === 0).map((row) => ({ productId: row.id, createdAt: row.createdAt })));
  }
  await seedSales(database, publicUrl, total, sellers.map((seller) => seller.id), brandId);
  // As a database that has been running would be: vacuumed and its statistics gathered (so no autovacuum
  // runs during the measurements).
  await db.execute(sql`VACUUM ANALYZE`);
}

/** Paid sales for the price guide (issue 30): BENCH_SALES phones sold over the last 26 weeks, each booked and paid. */
export const SALES = Number(process.env.BENCH_SALES ?? 50_000);

async function seedSales(database: Database, publicUrl: string, listed: number, sellerIds: string[], brandId: Map<string, string>): Promise<void> {
  const { db } = database;
  const buyers = (await db.execute(sql`SELECT id FROM users WHERE role = 'Buyer' ORDER BY email LIMIT 5000`)) as unknown as { rows: { id: string }[] };
  const buyerIds = buyers.rows.map((row) => row.id);
  const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
  for (let start = 0; start < SALES; start += 1000) {
    const sold = Array.from({ length: Math.min(1000, SALES - start) }, (_, k) => {
      const i = listed + start + k;
      const { brand, ...listing } = benchListing(i);
      const soldAt = new Date(Date.now() - ((i * 104_729) % (26 * WEEK_MS)));
      return {
        ...listing,
        id: randomUUID(),
        sellerId: sellerIds[(i * 7919) % sellerIds.length]!,
        brandId: brandId.get(brand)!,
        img: `${publicUrl}/images/products/iphone-13-pro.svg`,
        phone: '01711-000000',
        status: 'sold' as const,
        createdAt: new Date(soldAt.getTime() - 3 * 24 * 60 * 60 * 1000),
        matchedAt: new Date(),
        soldAt,
      };
    });
    await db.insert(products).values(sold.map(({ soldAt: _soldAt, ...row }) => row));
    const booked = await db
      .insert(bookings)
      .values(sold.map((row, k) => ({ productId: row.id, buyerId: buyerIds[(start + k) % buyerIds.length]!, phone: '01711-000000', meetingLocation: 'Dhanmondi', paid: true, createdAt: row.soldAt })))
      .returning({ id: bookings.id, productId: bookings.productId });
    const soldAtOf = new Map<string, (typeof sold)[number]>(sold.map((row) => [row.id, row]));
    await db.insert(payments).values(
      booked.map((booking, k) => {
        const row = soldAtOf.get(booking.productId)!;
        return { bookingId: booking.id, transactionId: `pi_bench_${start + k}`, amount: row.resalePrice * 100, currency: 'bdt', createdAt: row.soldAt };
      }),
    );
  }
}

import { readFile } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import { luhnValid, type Photo } from '@phonehaat/shared-api';
import type { Auth } from 'firebase-admin/auth';
import sharp from 'sharp';
import type { Env } from '../config/env.ts';
import { createImeiKey, type KeptImei } from '../modules/trust/index.ts';
import { demoPassword, demoUsers, seedBrands, seedProducts } from '../cli/seed-data.ts';
import { createPhotoService, type PhotoRef, type PhotoService } from '../modules/catalog/index.ts';
import { createPhotoStore } from '../modules/catalog/index.ts';
import { createCatalogRepository } from '../modules/catalog/index.ts';
import { createPhotosRepository, type PhotosRepository } from '../modules/catalog/index.ts';
import type { Database } from './client.ts';
import { advertisements, brands, products, users } from './schema.ts';

const productImages = new URL('../../assets/images/products/', import.meta.url);

/** The demo seller whose listings carry IMEIs. */
const verifiedSeller = demoUsers.find((user) => user.role === 'Seller' && user.verified)!.email;
/** A demo listing's IMEI: 35 (a real reporting body's prefix), its index, and the Luhn check digit. */
const seedImei = (index: number) => {
  const body = `35${String(index + 1).padStart(12, '0')}`;
  return `${body}${[...'0123456789'].find((digit) => luhnValid(body + digit))}`;
};
const keptImei = ({ hash, last4 }: KeptImei) => ({ imeiHash: hash, imeiLast4: last4 });

/**
 * Two photos of a seed phone, as a seller's camera would give them: the whole picture, and a close-up
 * of its middle. Rendered from the shipped drawing, so `pnpm start` needs no internet.
 */
const drawn = new Map<string, Promise<Buffer[]>>();
/** Drawn once per picture: several listings of one model share theirs (the photo store keeps one copy by hash). */
function seedPhotos(image: string): Promise<Buffer[]> {
  let photos = drawn.get(image);
  if (!photos) drawn.set(image, (photos = drawPhotos(image)));
  return photos;
}

async function drawPhotos(image: string): Promise<Buffer[]> {
  const drawing = await readFile(new URL(image, productImages));
  const whole = await sharp(drawing, { density: 144 }).resize({ width: 1600, height: 1200, fit: 'cover' }).flatten({ background: '#f5f8fb' }).jpeg({ quality: 88 }).toBuffer();
  const closeUp = await sharp(whole).extract({ left: 400, top: 200, width: 800, height: 600 }).resize({ width: 1600 }).jpeg({ quality: 88 }).toBuffer();
  return [whole, closeUp];
}

/** The files of a picture uploaded already in this seed (a photo's hash and size), by picture. */
type StoredPictures = Map<string, Omit<PhotoRef, 'id'>[]>;

/**
 * Uploads a seed phone's photos through the sellers' own path and puts them on its listing. A model listed again
 * gets uploads of its own on the files its first listing's made (as the store keeps one copy by hash anyway): the
 * re-encoding is most of the seed's time.
 */
async function addSeedPhotos(database: Database, service: PhotoService, repo: PhotosRepository, stored: StoredPictures, productId: string, sellerId: string, image: string) {
  const uploaded: Photo[] = [];
  const files = stored.get(image);
  if (files) {
    for (const file of files) uploaded.push(service.toPhoto(await repo.create(sellerId, file)));
  } else {
    for (const bytes of await seedPhotos(image)) uploaded.push(await service.upload(sellerId, bytes));
    const rows = await repo.owned(sellerId, uploaded.map((photo) => photo._id));
    stored.set(image, uploaded.map((photo) => rows.find((row) => row.id === photo._id)!).map(({ hash, width, height }) => ({ hash, width, height })));
  }
  const catalog = createCatalogRepository(database.db, service.toPhoto, () => null);
  await catalog.replacePhotos(productId, sellerId, uploaded.map((photo) => photo._id), repo.place, uploaded[0]!.medium);
}

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
    try {
      return (await auth.createUser({ email, password: demoPassword, displayName: name, emailVerified: true })).uid;
    } catch (raced) {
      // Another seed (a second instance, a test beside this one) created it meanwhile.
      if ((raced as { code?: string }).code !== 'auth/email-already-exists') throw raced;
      return (await auth.getUserByEmail(email)).uid;
    }
  }
}

/**
 * Idempotent demo data: brands, the demo accounts (in Firebase and the database) and, the first
 * time only, the demo listings, each with two photos uploaded as a seller's would be (served by this API).
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
      .values({ ...demo, firebaseUid, phoneVerifiedAt: demo.phone ? new Date() : null })
      // An account that already exists keeps its role, badge, removal and number (a demo one if it had none); its
      // sign-in is re-linked.
      .onConflictDoUpdate({
        target: users.email,
        set: { firebaseUid, phone: sql`coalesce(${users.phone}, excluded.phone)`, phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, excluded.phone_verified_at)` },
      })
      .returning({ id: users.id });
    if (row) userIds.set(demo.email, row.id);
  }

  const sellerIds = [...userIds.entries()].filter(([email]) => demoUsers.find((u) => u.email === email)?.role === 'Seller').map(([, id]) => id);
  const existing = sellerIds.length ? await db.select({ id: products.id }).from(products).where(inArray(products.sellerId, sellerIds)).limit(1) : [];
  let created = 0;
  if (existing.length === 0) {
    const base = env.PUBLIC_URL.replace(/\/$/, '');
    const photoRepo = createPhotosRepository(db);
    const photoService = createPhotoService({ repo: photoRepo, store: createPhotoStore(env, db), publicUrl: env.PUBLIC_URL });
    // Spread creation times so "newest first" has a stable, believable order.
    const now = Date.now();
    const imeiKey = createImeiKey(env.IMEI_SECRET);
    const stored: StoredPictures = new Map();
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
          // The verified seller gave his phones' IMEIs (they show "IMEI checked"); the other seller did not.
          ...(product.sellerEmail === verifiedSeller ? keptImei(imeiKey.keep(seedImei(index))) : {}),
        })
        .returning({ id: products.id });
      if (!row) throw new Error(`seed product ${product.name} was not inserted`);
      await addSeedPhotos(database, photoService, photoRepo, stored, row.id, sellerId, product.image);
      if (product.advertised) await db.insert(advertisements).values({ productId: row.id, createdAt });
      created++;
    }
  }
  return { brands: brandRows.length, users: userIds.size, products: created };
}

// A listing's share image (issue 48): drawn once per change of what its page shows and per language, kept in the photo
// store, and served at an address that names its version, so it is cached for good and a change is a new address.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@phonehaat/shared-api/languages';
import type { Db } from '../../../db/client.ts';
import { shareImages } from '../../../db/schema.ts';
import { taka } from '../../../email/templates.ts';
import type { PhotoStore } from '../photos/store.ts';
import { rows } from '../../../db/rows.ts';
import { drawCard } from './draw.ts';

/** What the card shows of a listing. */
export interface SharedListing {
  _id: string;
  name: string;
  img: string;
  resalePrice: number;
  condition: 'Excellent' | 'Good' | 'Fair';
  location: string;
  status: 'available' | 'sold';
  updatedAt: Date;
}

const conditionWords: Record<Language, Record<SharedListing['condition'], string>> = {
  en: { Excellent: 'Excellent', Good: 'Good', Fair: 'Fair' },
  bn: { Excellent: 'চমৎকার', Good: 'ভালো', Fair: 'মোটামুটি' },
};
const soldWord: Record<Language, string> = { en: 'Sold', bn: 'বিক্রি হয়েছে' };

export function createShareCards({ db, store, publicUrl, imagesDir }: { db: Db; store: PhotoStore; publicUrl: string; imagesDir: string }) {
  const base = publicUrl.replace(/\/$/, '');
  const versionOf = (listing: Pick<SharedListing, 'updatedAt'>) => listing.updatedAt.getTime().toString(36);

  /** The listing's photo's bytes: an upload from the store, one of PhoneHaat's own pictures from its folder. */
  async function photoOf(img: string): Promise<Buffer | undefined> {
    if (img.startsWith(`${base}/photos/`)) return (await store.get(img.slice(`${base}/photos/`.length)))?.body;
    if (img.startsWith(`${base}/images/products/`)) return readFile(join(imagesDir, 'products', basename(img))).catch(() => undefined);
    return undefined;
  }

  return {
    versionOf,
    /** The image's address for a listing's page in a language: it changes whenever the page's facts do. */
    url: (listing: Pick<SharedListing, '_id' | 'updatedAt'>, language: Language) =>
      `${base}/product/${listing._id}/share-image.jpg?lang=${language}&v=${versionOf(listing)}`,

    /** The JPEG for the listing as it is now: the one kept, or drawn, kept and the older one deleted. */
    async image(listing: SharedListing, language: Language): Promise<Buffer> {
      const version = versionOf(listing);
      const [kept] = await db
        .select({ version: shareImages.version, key: shareImages.key })
        .from(shareImages)
        .where(and(eq(shareImages.productId, listing._id), eq(shareImages.language, language)));
      if (kept?.version === version) {
        const file = await store.get(kept.key);
        if (file) return file.body;
      }
      const body = await drawCard({
        photo: await photoOf(listing.img),
        name: listing.name,
        price: taka(listing.resalePrice, language),
        details: `${conditionWords[language][listing.condition]} · ${listing.location}`,
        sold: listing.status === 'sold' ? soldWord[language] : undefined,
      });
      const key = `share-${listing._id}-${language}-${version}.jpg`;
      await store.put(key, body, 'image/jpeg');
      await db
        .insert(shareImages)
        .values({ productId: listing._id, language, version, key })
        .onConflictDoUpdate({ target: [shareImages.productId, shareImages.language], set: { version, key } });
      if (kept && kept.key !== key) await store.delete([kept.key]);
      return body;
    },

    /** Drops the images of phones no longer listed (deleted or removed: their page answers 410); answers how many. */
    async cleanup(): Promise<number> {
      const gone = await rows<{ key: string }>(
        db,
        sql`DELETE FROM share_images s USING products p WHERE p.id = s.product_id AND p.deleted_at IS NOT NULL RETURNING s.key`,
      );
      if (gone.length) await store.delete(gone.map((row) => row.key));
      return gone.length;
    },
  };
}

export type ShareCards = ReturnType<typeof createShareCards>;

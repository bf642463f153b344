import type { Photo } from '@phonehaat/shared-api';
import { invalid, unsupported } from '../../../domain-error.ts';
import type { PhotosRepository } from '../repositories/photos.ts';
import { detectPhotoType } from './detect.ts';
import { PHOTO_WIDTHS, processPhoto, type PhotoWidth } from './process.ts';
import type { PhotoStore } from './store.ts';

/** How long an upload may wait to be put on a listing before the cleanup removes it. */
export const UNPLACED_PHOTO_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A photo's file: its content hash and width, so its URL never changes and can be cached forever. */
export const photoKey = (hash: string, width: PhotoWidth) => `${hash}-${width}.webp`;
export const PHOTO_KEY = /^[0-9a-f]{64}-(320|800|1600)\.webp$/;

export const photoNotAllowed = () =>
  invalid('A photo is not one of your uploads, or is already on another listing: upload it again', 'photos');

export interface PhotoRef {
  id: string;
  hash: string;
  width: number;
  height: number;
}

export function createPhotoService({ repo, store, publicUrl }: { repo: PhotosRepository; store: PhotoStore; publicUrl: string }) {
  const base = publicUrl.replace(/\/$/, '');
  const url = (hash: string, width: PhotoWidth) => `${base}/photos/${photoKey(hash, width)}`;
  const toPhoto = ({ id, hash, width, height }: PhotoRef): Photo => ({ _id: id, small: url(hash, 320), medium: url(hash, 800), large: url(hash, 1600), width, height });

  /** Removes the files of photos that nothing uses any more. */
  async function removeFiles(hashes: string[]) {
    await store.delete(hashes.flatMap((hash) => PHOTO_WIDTHS.map((width) => photoKey(hash, width))));
  }

  return {
    toPhoto,
    /** A photo's 800 px URL, from its hash. */
    mediumUrl: (hash: string) => url(hash, 800),
    removeFiles,

    /** A seller's upload: judged by its bytes, re-encoded, stored; not yet on a listing. */
    async upload(sellerId: string, bytes: Buffer): Promise<Photo> {
      const type = detectPhotoType(bytes);
      if (!type) throw unsupported('Only JPEG, PNG, WebP or HEIC photos can be uploaded');
      const processed = await processPhoto(bytes, type);
      // Files first: a photo row never points at files that are not there.
      for (const variant of processed.variants) await store.put(photoKey(processed.hash, variant.width), variant.body, 'image/webp');
      const row = await repo.create(sellerId, { hash: processed.hash, width: processed.width, height: processed.height });
      return toPhoto(row);
    },

    /** A photo file by its key, or undefined. */
    file: (key: string) => store.get(key),

    /** The cover a listing gets from its first photo; refuses a photo that is not the seller's. */
    async coverOf(sellerId: string, ids: string[]): Promise<string> {
      const [first] = await repo.owned(sellerId, ids.slice(0, 1));
      if (!first) throw photoNotAllowed();
      return toPhoto(first).medium;
    },

    /** Removes uploads never put on a listing within a day; returns how many. */
    async cleanup(now = new Date()): Promise<number> {
      const hashes = await repo.removeUnplacedBefore(new Date(now.getTime() - UNPLACED_PHOTO_LIFETIME_MS));
      await removeFiles(hashes);
      return hashes.length;
    },
  };
}
export type PhotoService = ReturnType<typeof createPhotoService>;

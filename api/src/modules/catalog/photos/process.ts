import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { DomainError, unprocessable } from '../../../domain-error.ts';
import type { PhotoType } from './detect.ts';
import { decodeHeic } from './heic.ts';

/** The widths every photo is kept in (cards, the product page, the full-size view). */
export const PHOTO_WIDTHS = [320, 800, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** More pixels than any phone camera takes (a 108 MP sensor is 12,000 × 9,000): anything bigger is refused unread. */
export const MAX_PHOTO_PIXELS = 120_000_000;

export interface ProcessedPhoto {
  /** sha256 of the largest variant: the photo's stable name. */
  hash: string;
  width: number;
  height: number;
  variants: { width: PhotoWidth; body: Buffer }[];
}

const unreadable = () => unprocessable('The photo could not be read: it may be damaged or incomplete');
const tooManyPixels = (width: number, height: number) =>
  unprocessable(`The photo is ${width} × ${height} pixels; at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are accepted`);

/** HEIC (iPhones' photos): sharp's own build has no HEVC decoder, so libheif decodes it, in a worker (heic.ts). */
async function heicPixels(bytes: Buffer): Promise<Sharp> {
  const result = await decodeHeic(bytes, MAX_PHOTO_PIXELS);
  if (!result.ok) throw result.reason === 'too-many-pixels' ? tooManyPixels(result.width, result.height) : unreadable();
  const { width, height, data } = result;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}

/**
 * Decodes a photo and writes it again as WebP in three widths: turned upright by its EXIF orientation, and with
 * no metadata at all (a seller's photo must not carry the GPS position of their home). A photo whose header
 * claims more than MAX_PHOTO_PIXELS is refused before it is decoded.
 */
export async function processPhoto(bytes: Buffer, type: PhotoType): Promise<ProcessedPhoto> {
  let image: Sharp;
  if (type === 'heic') {
    image = await heicPixels(bytes);
  } else {
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes).metadata();
    } catch {
      throw unreadable();
    }
    const { width = 0, height = 0 } = metadata;
    if (width * height > MAX_PHOTO_PIXELS) throw tooManyPixels(width, height);
    // failOn 'truncated': a photo cut off in transfer is refused, not stored half grey.
    image = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' }).rotate();
  }
  try {
    const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
    const variants = await Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        width,
        // sharp writes no metadata unless asked to (withMetadata/keepExif): EXIF, GPS and ICC are all dropped.
        body: await image.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    const full = variants.find((variant) => variant.width === largest)!;
    const { width, height } = await sharp(full.body).metadata();
    return { hash: createHash('sha256').update(full.body).digest('hex'), width: width ?? 0, height: height ?? 0, variants };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable();
  }
}

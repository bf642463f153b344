import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo, Product } from '@phonehaat/shared-api';
import { photoBlobs, photos } from '../src/db/schema.js';
import { createPhotoService } from '../src/modules/catalog/photos/service.js';
import { createDatabaseStore } from '../src/modules/catalog/photos/store.js';
import { createPhotosRepository } from '../src/modules/catalog/repositories/photos.js';
import { auth, createHarness, json, type Harness, type TestUser } from './support/harness.js';
import { startS3 } from './support/s3.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });
/** Noise compresses badly: a photo-sized file, as a camera writes it. */
const noisy = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

/** A PNG that claims `width` × `height` in its header (and has one tiny row of data). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'binary'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether EXIF data holds a pointer to GPS data (tag 0x8825, either byte order). */
const hasGps = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

const pathOf = (url: string) => new URL(url).pathname;

let h: Harness;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  h = await createHarness();
  [seller, otherSeller, buyer] = await Promise.all([h.register('Seller'), h.register('Seller'), h.register('Buyer')]);
});
afterAll(() => h?.close());

async function uploaded(user: TestUser, bytes: Buffer, file?: { name?: string; type?: string }): Promise<Photo> {
  const response = await h.upload(user, bytes, file);
  expect(response.statusCode, response.body).toBe(201);
  return json<Photo>(response);
}

const jpeg = () => picture(1200, 900).jpeg().toBuffer();

async function stored() {
  const [rows, blobs] = await Promise.all([h.database.db.select().from(photos), h.database.db.select({ key: photoBlobs.key }).from(photoBlobs)]);
  return { photos: rows.length, blobs: blobs.length };
}

const getPhoto = (url: string) => h.app.inject({ method: 'GET', url: pathOf(url) });

async function listing(user: TestUser, id: string): Promise<Product> {
  const response = await h.app.inject({ method: 'GET', url: `/product/${id}`, headers: auth(user.accessToken) });
  expect(response.statusCode, response.body).toBe(200);
  return json<Product>(response);
}

describe('POST /uploads', () => {
  it.each([
    ['JPEG', () => jpeg(), 'image/jpeg'],
    ['PNG', () => picture(900, 1200).png().toBuffer(), 'image/png'],
    ['WebP', () => picture(1000, 1000).webp().toBuffer(), 'image/webp'],
    ['HEIC', () => readFile(new URL('./fixtures/photo.heic', import.meta.url)), 'image/heic'],
  ] as const)('accepts a %s photo and serves it as WebP in three widths, cacheable for a year', async (_format, make, type) => {
    const photo = await uploaded(seller, await make(), { name: `phone.${type.split('/')[1]}`, type });
    for (const [size, width] of [['small', 320], ['medium', 800], ['large', 1600]] as const) {
      expect(photo[size]).toMatch(new RegExp(`/photos/[0-9a-f]{64}-${width}\\.webp$`));
      const response = await getPhoto(photo[size]);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['set-cookie']).toBeUndefined();
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBeLessThanOrEqual(width);
    }
    expect(photo.width).toBeGreaterThan(0);
    expect(photo.height).toBeGreaterThan(0);
  });

  it("accepts a camera's 12-megapixel JPEG of several MB sent whole, and keeps it at most 1,600 px wide", async () => {
    const camera = await noisy(4032, 3024).jpeg({ quality: 92 }).toBuffer();
    expect(camera.length).toBeGreaterThan(5 * 1024 * 1024);
    const photo = await uploaded(seller, camera, { name: 'IMG_0042.JPG' });
    expect([photo.width, photo.height]).toEqual([1600, 1200]);
    const small = await sharp((await getPhoto(photo.small)).rawPayload).metadata();
    expect([small.width, small.height]).toEqual([320, 240]);
  });

  it('judges a file by its bytes: a PNG named .jpg is a PNG, and accepted', async () => {
    const photo = await uploaded(seller, await picture(640, 480).png().toBuffer(), { name: 'holiday.jpg', type: 'image/jpeg' });
    expect(photo.width).toBe(640);
  });

  it.each([
    ['a text file named .jpg', 415, async () => Buffer.from('hello, this is not a photo'), 'notes.jpg', 'image/jpeg'],
    ['an SVG', 415, async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'phone.svg', 'image/svg+xml'],
    ['a damaged HEIC', 422, async () => (await readFile(new URL('./fixtures/photo.heic', import.meta.url))).subarray(0, 120), 'IMG_1.HEIC', 'image/heic'],
    ['a truncated JPEG', 422, async () => (await noisy(800, 600).jpeg().toBuffer()).subarray(0, 20_000), 'cut.jpg', 'image/jpeg'],
    ['an 11 MB file', 413, async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024, 7)]), 'huge.jpg', 'image/jpeg'],
    ['a 30,000 × 30,000 image', 422, async () => pngClaiming(30_000, 30_000), 'bomb.png', 'image/png'],
  ] as const)('refuses %s with %i and stores nothing', async (_what, status, make, name, type) => {
    const before = await stored();
    const response = await h.upload(seller, await make(), { name, type });
    expect(response.statusCode, response.body).toBe(status);
    expect(json<{ message: string }>(response).message.length).toBeGreaterThan(10);
    expect(await stored()).toEqual(before);
  });

  it('strips every bit of metadata: a photo with GPS EXIF comes back with no EXIF at all', async () => {
    const original = await picture(1000, 750)
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'Seller phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    const input = await sharp(original).metadata();
    expect(input.exif && hasGps(input.exif)).toBe(true);
    const photo = await uploaded(seller, original);
    for (const url of [photo.small, photo.medium, photo.large]) {
      const body = (await getPhoto(url)).rawPayload;
      const meta = await sharp(body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(body.includes(Buffer.from('PhoneCam'))).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // 200 wide, 100 high, with "rotate 90° clockwise to view": upright it is 100 × 200.
    const sideways = await picture(200, 100).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const photo = await uploaded(seller, sideways);
    expect([photo.width, photo.height]).toEqual([100, 200]);
    const meta = await sharp((await getPhoto(photo.large)).rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([100, 200, undefined]);
  });

  it("is for sellers and buyers (a dispute's photos), not admins; a request without a file is a clear 400 or 415", async () => {
    const byBuyer = await h.upload(buyer, await jpeg());
    expect(byBuyer.statusCode).toBe(201);
    expect((await h.upload(await h.admin(), await jpeg())).statusCode).toBe(403);
    const notMultipart = await h.app.inject({ method: 'POST', url: '/uploads', headers: auth(seller.accessToken), payload: { photo: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
    expect(json<{ message: string }>(notMultipart).message).toMatch(/multipart/);
  });

  it('is rate limited per seller, not per address', async () => {
    const limited = await createHarness({ UPLOAD_RATE_LIMIT_MAX: '2' });
    try {
      const [a, b] = await Promise.all([limited.register('Seller'), limited.register('Seller')]);
      const bytes = await picture(64, 64).png().toBuffer();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.upload(a, bytes)).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await limited.upload(b, bytes)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('photos on a listing', () => {
  it('keeps them in order, the first the cover, on the product page and in search', async () => {
    const [first, second] = [await uploaded(seller, await jpeg()), await uploaded(seller, await picture(800, 800).png().toBuffer())];
    const id = await h.createProduct(seller, { name: 'Pixel 7 Pro gallery', img: undefined, photos: [second._id, first._id] });
    const product = await listing(buyer, id);
    expect(product.photos.map((photo) => photo._id)).toEqual([second._id, first._id]);
    expect(product.img).toBe(second.medium);
    const search = await h.app.inject({ method: 'GET', url: '/search?q=pixel%207%20gallery', headers: auth(buyer.accessToken) });
    const found = json<{ products: Product[] }>(search).products.find((p) => p._id === id);
    expect(found?.photos.map((photo) => photo._id)).toEqual([second._id, first._id]);
  });

  it('refuses another seller’s upload, one already on a listing, more than six, and a listing with no photo', async () => {
    const theirs = await uploaded(otherSeller, await jpeg());
    const attempt = (photoIds: string[] | undefined) =>
      h.app.inject({
        method: 'POST',
        url: '/addedproducts',
        headers: auth(seller.accessToken),
        payload: { name: 'Galaxy S21', brandId: h.brandIds.Samsung, resalePrice: 30000, originalPrice: 70000, condition: 'Good', phone: '01711-234567', location: 'Mirpur', usedYear: 2021, photos: photoIds },
      });
    const stolen = await attempt([theirs._id]);
    expect(stolen.statusCode).toBe(400);
    expect(json<{ fields: { field: string }[] }>(stolen).fields[0]?.field).toBe('photos');

    const mine = await uploaded(seller, await jpeg());
    await h.createProduct(seller, { img: undefined, photos: [mine._id] });
    expect((await attempt([mine._id])).statusCode).toBe(400);

    const seven = Array.from({ length: 7 }, () => crypto.randomUUID());
    const tooMany = await attempt(seven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toMatch(/at most 6 photos/);
    const none = await attempt(undefined);
    expect(none.statusCode).toBe(400);
    expect(none.body).toMatch(/at least one photo/);
    // The refused listings were not created.
    const own = await h.app.inject({ method: 'GET', url: `/addedproducts?email=${seller.email}`, headers: auth(seller.accessToken) });
    expect(json<Product[]>(own).some((p) => p.name === 'Galaxy S21')).toBe(false);
  });

  it('lets its seller add, remove and reorder them later; the removed files go', async () => {
    const [a, b, c] = [await uploaded(seller, await jpeg()), await uploaded(seller, await picture(500, 700).png().toBuffer()), await uploaded(seller, await picture(700, 500).webp().toBuffer())];
    const id = await h.createProduct(seller, { img: undefined, photos: [a._id, b._id] });
    const put = (user: TestUser, ids: string[]) =>
      h.app.inject({ method: 'PUT', url: `/addedproducts/${id}/photos`, headers: auth(user.accessToken), payload: { photos: ids } });

    const changed = await put(seller, [c._id, a._id]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<{ img: string }>(changed).img).toBe(c.medium);
    const product = await listing(buyer, id);
    expect(product.photos.map((photo) => photo._id)).toEqual([c._id, a._id]);
    expect(product.img).toBe(c.medium);
    expect((await getPhoto(b.small)).statusCode).toBe(404);

    expect((await put(otherSeller, [a._id])).statusCode).toBe(403);
    const foreign = await uploaded(otherSeller, await jpeg());
    expect((await put(seller, [foreign._id])).statusCode).toBe(400);
    expect((await listing(buyer, id)).photos.map((photo) => photo._id)).toEqual([c._id, a._id]);

    await h.sell(id);
    expect((await put(seller, [a._id])).statusCode).toBe(409);
  });

  it('deleting an unsold listing removes its photos; a sold one keeps them for its orders', async () => {
    const remove = (productId: string) => h.app.inject({ method: 'DELETE', url: `/postedproduct/${productId}`, headers: auth(seller.accessToken) });
    const unsoldPhoto = await uploaded(seller, await picture(300, 300).jpeg({ quality: 50 }).toBuffer());
    const unsold = await h.createProduct(seller, { img: undefined, photos: [unsoldPhoto._id] });
    expect((await remove(unsold)).statusCode).toBe(200);
    expect((await getPhoto(unsoldPhoto.medium)).statusCode).toBe(404);

    const soldPhoto = await uploaded(seller, await picture(310, 300).jpeg({ quality: 50 }).toBuffer());
    const sold = await h.createProduct(seller, { img: undefined, photos: [soldPhoto._id] });
    await h.sell(sold);
    expect((await remove(sold)).statusCode).toBe(200);
    expect((await getPhoto(soldPhoto.medium)).statusCode).toBe(200);
  });

  it('removes uploads never put on a listing after a day, and nothing else', async () => {
    const placed = await uploaded(seller, await picture(320, 200).png().toBuffer());
    await h.createProduct(seller, { img: undefined, photos: [placed._id] });
    const orphan = await uploaded(seller, await picture(330, 200).png().toBuffer());
    const service = createPhotoService({ repo: createPhotosRepository(h.database.db), store: createDatabaseStore(h.database.db), publicUrl: h.env.PUBLIC_URL });

    expect(await service.cleanup()).toBe(0);
    expect(await service.cleanup(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect((await getPhoto(orphan.small)).statusCode).toBe(404);
    expect((await getPhoto(placed.small)).statusCode).toBe(200);
  });

  it('answers an unknown photo with 404 and a malformed key with 400', async () => {
    expect((await h.app.inject({ method: 'GET', url: `/photos/${'a'.repeat(64)}-800.webp` })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/photos/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });
});

describe('photos in an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let h3: Harness;
  beforeAll(async () => {
    s3 = await startS3();
    h3 = await createHarness(s3.env);
  });
  afterAll(async () => {
    await h3?.close();
    await s3?.close();
  });

  it('stores, serves and removes photo files in the bucket, not the database', async () => {
    const s3Seller = await h3.register('Seller');
    const response: LightMyRequestResponse = await h3.upload(s3Seller, await jpeg());
    expect(response.statusCode, response.body).toBe(201);
    const photo = json<Photo>(response);
    expect(await h3.database.db.select().from(photoBlobs)).toHaveLength(0);

    const object = await fetch(`${s3.endpoint}/photos/${pathOf(photo.medium).split('/').pop()}`);
    expect(object.status).toBe(200);
    const served = await h3.app.inject({ method: 'GET', url: pathOf(photo.medium) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Buffer.from(await object.arrayBuffer()).equals(served.rawPayload)).toBe(true);

    const id = await h3.createProduct(s3Seller, { img: undefined, photos: [photo._id] });
    const removed = await h3.app.inject({ method: 'DELETE', url: `/postedproduct/${id}`, headers: auth(s3Seller.accessToken) });
    expect(removed.statusCode).toBe(200);
    expect((await h3.app.inject({ method: 'GET', url: pathOf(photo.medium) })).statusCode).toBe(404);
  });
});

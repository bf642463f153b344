import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { inArray, sql } from 'drizzle-orm';
import type { Env } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { photoBlobs } from '../../../db/schema.ts';

/** Where photo files live: one small interface, two implementations. */
export interface PhotoStore {
  readonly kind: 'database' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | undefined>;
  delete(keys: string[]): Promise<void>;
}

/** In PostgreSQL itself (photo_blobs): several instances and `pnpm start` need nothing more. */
export function createDatabaseStore(db: Db): PhotoStore {
  return {
    kind: 'database',
    async put(key, body, contentType) {
      // A key is a content hash: the same key is the same bytes, so a repeat changes nothing.
      await db.insert(photoBlobs).values({ key, body, contentType }).onConflictDoNothing();
    },
    async get(key) {
      const [row] = await db.select({ body: photoBlobs.body, contentType: photoBlobs.contentType }).from(photoBlobs).where(sql`${photoBlobs.key} = ${key}`);
      return row;
    },
    async delete(keys) {
      if (keys.length) await db.delete(photoBlobs).where(inArray(photoBlobs.key, keys));
    },
  };
}

/** Any S3-compatible object store (AWS S3, Cloudflare R2, MinIO), with S3_BUCKET and its endpoint and keys. */
export function createS3Store(env: Pick<Env, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): PhotoStore {
  const bucket = env.S3_BUCKET!;
  const client = new S3Client({
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return undefined;
        return { body: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })) } }));
      }
    },
  };
}

/** The store the environment asks for: a bucket when S3_BUCKET is set, else the database. */
export function createPhotoStore(env: Env, db: Db): PhotoStore {
  return env.S3_BUCKET ? createS3Store(env) : createDatabaseStore(db);
}

// Where releases live: one small interface, two implementations. A release's files are never changed once written
// (its address holds its content hash), so any static host or CDN in front of the store may cache them forever.
import { mkdir, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export interface ReleaseStore {
  /** Where it is, for messages. */
  readonly describe: string;
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** The object's size in bytes, or undefined when it is missing. */
  size(key: string): Promise<number | undefined>;
  /** The names (not keys) of the objects directly under a folder ("storefront" → ["0123456789ab.json", …]). */
  list(folder: string): Promise<string[]>;
  /** Deletes the object; one that is already gone is no error (a deletion cut short can be run again). */
  remove(key: string): Promise<void>;
}

/** Keys are "/"-separated paths of plain names: nothing that could step out of the store. */
export function checkKey(key: string): string {
  if (!key || key.split('/').some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) {
    throw new Error(`not a store key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A folder on this machine (the default: `pnpm start` needs no account anywhere). */
export function createFileStore(folder: string): ReleaseStore {
  const base = resolve(folder);
  const path = (key: string) => {
    const file = resolve(base, checkKey(key));
    if (!file.startsWith(base + sep)) throw new Error(`not a store key: ${key}`);
    return file;
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';
  return {
    describe: base,
    async put(key, body) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.partial`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      return readFile(path(key)).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
    },
    async size(key) {
      const info = await stat(path(key)).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
      return info?.isFile() ? info.size : undefined;
    },
    async list(folder) {
      const entries = await readdir(path(folder), { withFileTypes: true }).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)));
      return entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.partial')).map((entry) => entry.name);
    },
    async remove(key) {
      const file = path(key);
      await unlink(file).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
      // Folders left empty go too, up to the store's own (a bucket has no folders to leave behind).
      for (let folder = dirname(file); folder.startsWith(base + sep); folder = dirname(folder)) {
        if (!(await rmdir(folder).then(() => true, () => false))) break;
      }
    },
  };
}

export interface S3StoreOptions {
  bucket: string;
  /** A key prefix inside the bucket ("releases"). */
  prefix?: string;
  endpoint?: string;
  region?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Any S3-compatible bucket (AWS S3, Cloudflare R2, MinIO): in production, the CDN's origin. */
export function createS3Store({ bucket, prefix = '', endpoint, region = 'us-east-1', forcePathStyle = false, credentials }: S3StoreOptions): ReleaseStore {
  const client = new S3Client({ region, forcePathStyle, ...(endpoint ? { endpoint } : {}), ...(credentials ? { credentials } : {}) });
  const full = (key: string) => (prefix ? `${prefix}/${checkKey(key)}` : checkKey(key));
  const notFound = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '') || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    describe: `s3://${bucket}/${prefix}`,
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: full(key), Body: body, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: full(key) }))).ContentLength;
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async list(folder) {
      const names: string[] = [];
      const start = `${full(folder)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: start, Delimiter: '/', ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(start.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: full(key) }));
    },
  };
}

/** The folder to read a whole build from, as store keys and bytes. */
export async function readBuild(folder: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const walk = async (dir: string, prefix: string) => {
    for (const entry of await readdir(join(folder, dir), { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(join(dir, entry.name), relative);
      else if (entry.isFile()) files.set(relative, await readFile(join(folder, dir, entry.name)));
    }
  };
  await walk('', '');
  return files;
}

// Releases in an S3-compatible bucket (a real S3 server on 127.0.0.1, s3rver): the same store, the same deployer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRelease, listReleases, missingFiles, readRelease, storeRelease } from '../src/release.js';
import { createS3Store, type ReleaseStore } from '../src/store.js';
import { fakeBuild, startDeployer, tokens } from './support.js';

let server: S3rver;
let directory: string;
let store: ReleaseStore;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'phonehaat-slice-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'releases' }] });
  const { port } = await server.run();
  store = createS3Store({
    bucket: 'releases',
    prefix: 'phonehaat',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('the S3 release store', () => {
  it('stores a release whole, lists it, and finds a missing file', async () => {
    const meta = await storeRelease(store, 'buyer', fakeBuild('buyer', 'in-s3'), { commit: 'abc', by: 'test' });
    expect(await readRelease(store, 'buyer', meta.version)).toEqual(meta);
    expect((await listReleases(store, 'buyer')).map((release) => release.version)).toEqual([meta.version]);
    expect(await missingFiles(store, meta)).toEqual([]);
    expect(await store.size(`buyer/${meta.version}/remoteEntry.js`)).toBe(meta.files['remoteEntry.js']);
    expect(await store.get('buyer/none/remoteEntry.js')).toBeUndefined();
    expect(await store.size('buyer/none/remoteEntry.js')).toBeUndefined();
    // Storing the same build again gives the same version and writes nothing new.
    expect((await storeRelease(store, 'buyer', fakeBuild('buyer', 'in-s3'), { commit: 'other', by: 'someone else' })).commit).toBe('abc');
  });

  it('deletes a release whole, and deleting it again is no error', async () => {
    const meta = await storeRelease(store, 'admin', fakeBuild('admin', 'deleted'), { commit: 'abc', by: 'test' });
    await deleteRelease(store, meta);
    expect(await readRelease(store, 'admin', meta.version)).toBeUndefined();
    expect(await store.list(`admin/${meta.version}`)).toEqual([]);
    expect(await store.size(`admin/${meta.version}/assets/page-deleted.js`)).toBeUndefined();
    await expect(deleteRelease(store, meta)).resolves.toBeUndefined();
  });

  it('refuses keys that could step out of the store', async () => {
    await expect(store.get('buyer/../secrets')).rejects.toThrow('not a store key');
  });

  it('serves and promotes through the deployer like the folder store', async () => {
    const deployer = await startDeployer({ store });
    try {
      const meta = await storeRelease(store, 'seller', fakeBuild('seller', 'served'), { commit: 'abc', by: 'test' });
      expect((await deployer.call('POST', '/remotes/seller/promote', { token: tokens.seller, body: { version: meta.version } })).status).toBe(200);
      const file = await fetch(`${deployer.url}/releases/seller/${meta.version}/assets/page-served.js`);
      expect(await file.text()).toBe('export default "served";\n');
    } finally {
      await deployer.close();
    }
  });
});

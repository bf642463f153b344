// A release: one remote's build, stored whole under its content hash and never changed after.
import { createHash } from 'node:crypto';
import { ReleaseMeta, RemoteFacts, type RemoteName, type Version } from '@phonehaat/shared-api/releases';
import { readBuild, type ReleaseStore } from './store.js';

/** The version id of a build: the first 12 hex digits of the SHA-256 of its file names and bytes. */
export function versionOf(files: Map<string, Buffer>): Version {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) hash.update(name).update('\0').update(files.get(name)!).update('\0');
  return hash.digest('hex').slice(0, 12);
}

const metaKey = (remote: RemoteName, version: Version) => `${remote}/${version}.json`;
/** Where a release's file lives in the store. */
export const fileKey = (remote: RemoteName, version: Version, file: string) => `${remote}/${version}/${file}`;

/**
 * Stores a built remote as a release. The files go first and the description last, so a release that exists is
 * whole; storing the same build twice gives the same version and changes nothing.
 */
export async function storeRelease(store: ReleaseStore, remote: RemoteName, folder: string, about: { commit: string; by: string; builtAt?: string }): Promise<ReleaseMeta> {
  const files = await readBuild(folder);
  if (!files.has('remoteEntry.js')) throw new Error(`${folder} is not a remote's build: it has no remoteEntry.js`);
  const facts = files.get('federation.json');
  if (!facts) throw new Error(`${folder} has no federation.json: build it with tools/federation (pnpm slice release ${remote})`);
  const federation = RemoteFacts.parse(JSON.parse(facts.toString('utf8')));
  if (federation.name !== remote) throw new Error(`${folder} is the ${federation.name} remote's build, not ${remote}'s`);
  const version = versionOf(files);
  const existing = await readRelease(store, remote, version);
  if (existing) return existing;
  for (const [name, body] of files) await store.put(fileKey(remote, version, name), body);
  const meta: ReleaseMeta = {
    remote,
    version,
    commit: about.commit,
    builtAt: about.builtAt ?? new Date().toISOString(),
    by: about.by,
    files: Object.fromEntries([...files].map(([name, body]) => [name, body.length])),
    federation,
  };
  await store.put(metaKey(remote, version), Buffer.from(`${JSON.stringify(meta, null, 2)}\n`));
  return meta;
}

export async function readRelease(store: ReleaseStore, remote: RemoteName, version: Version): Promise<ReleaseMeta | undefined> {
  const body = await store.get(metaKey(remote, version));
  return body ? ReleaseMeta.parse(JSON.parse(body.toString('utf8'))) : undefined;
}

export async function listReleases(store: ReleaseStore, remote: RemoteName): Promise<ReleaseMeta[]> {
  const names = (await store.list(remote)).filter((name) => /^[0-9a-f]{12}\.json$/.test(name));
  const metas = await Promise.all(names.map((name) => readRelease(store, remote, name.slice(0, 12))));
  return metas.filter((meta): meta is ReleaseMeta => Boolean(meta)).sort((a, b) => a.builtAt.localeCompare(b.builtAt));
}

/** The files a release lists that the store does not hold whole: a release with any cannot go live. */
export async function missingFiles(store: ReleaseStore, meta: ReleaseMeta): Promise<string[]> {
  const sizes = await Promise.all(Object.entries(meta.files).map(async ([name, size]) => ((await store.size(fileKey(meta.remote, meta.version, name))) === size ? undefined : name)));
  return sizes.filter((name): name is string => name !== undefined);
}

/**
 * Deletes a release: its description first, so from that moment it no longer exists (nothing can promote it), then
 * its files. Run again after a failure, it finds no description and deletes nothing more: call it with the meta.
 */
export async function deleteRelease(store: ReleaseStore, meta: ReleaseMeta): Promise<void> {
  await store.remove(metaKey(meta.remote, meta.version));
  for (const name of Object.keys(meta.files)) await store.remove(fileKey(meta.remote, meta.version, name));
}

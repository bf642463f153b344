// What a local stand-in took, kept in a file between runs (FAKE_<NAME>_STATE_FILE): `pnpm start` keeps the API's
// database between runs, and a payment it remembers must still be found, refunded and reconciled after a restart. The
// real providers never forget; a stand-in only needs to in tests (no file).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Named maps as [key, value] lists, as JSON holds them. */
export type Snapshot = Record<string, [string, unknown][]>;

/** The maps as the file has them (empty when there is no file yet); the fields named in `times` read back as dates. */
export function readState(file: string, times: ReadonlySet<string> = new Set()): Snapshot {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8'), (key, value: unknown) => (times.has(key) && typeof value === 'string' ? new Date(value) : value)) as Snapshot;
}

/** Writes the maps whole, through a temporary file renamed over the old, so a crash never leaves half a file. */
export function writeState(file: string, maps: Record<string, ReadonlyMap<string, unknown>>): void {
  mkdirSync(dirname(file), { recursive: true });
  const snapshot: Snapshot = Object.fromEntries(Object.entries(maps).map(([name, map]) => [name, [...map]]));
  writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
  renameSync(`${file}.tmp`, file);
}

/** Puts a map's saved entries back. */
export function restore<T>(map: Map<string, T>, entries: [string, unknown][] | undefined): void {
  for (const [key, value] of entries ?? []) map.set(key, value as T);
}

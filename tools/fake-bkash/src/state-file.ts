// What the local bKash took and paid out, kept in a file between runs (FAKE_BKASH_STATE_FILE): `pnpm start` keeps the
// API's database between runs, and a payment it remembers must still be found, refunded and reconciled after a restart.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** bKash's times are kept as ISO text and read back as dates. */
const TIMES = new Set(['createdAt', 'executedAt', 'completedAt']);

/** Named maps as [key, value] lists, their dates revived (empty when there is no file yet). */
export function readState(file: string): Record<string, [string, never][]> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8'), (key, value: unknown) => (TIMES.has(key) && typeof value === 'string' ? new Date(value) : value)) as Record<string, [string, never][]>;
}

/** Writes the maps whole, through a temporary file renamed over the old, so a crash never leaves half a file. */
export function writeState(file: string, maps: Record<string, ReadonlyMap<string, unknown>>): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(Object.fromEntries(Object.entries(maps).map(([name, map]) => [name, [...map]]))));
  renameSync(`${file}.tmp`, file);
}

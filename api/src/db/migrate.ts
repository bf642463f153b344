import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
/** The advisory lock every instance's migrations take (a fixed 64-bit key: "phonehaat" as a number of its own). */
const MIGRATION_LOCK = 7_104_810_032_019_001;

/**
 * Applies every migrations/NNNN_name.sql not yet recorded in schema_migrations, in order,
 * all in one transaction: a failed migration leaves the database as it was; one instance at a time.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
  const applied: string[] = [];
  await database.runScript(async (exec, query) => {
    // Instances started at the same moment on a fresh database (issue 66): one migrates, the others wait here, then
    // find every migration recorded. Held until this transaction ends.
    await exec(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version));
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await exec(await readFile(`${migrationsDir}${file}`, 'utf8'));
      await query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
  });
  return applied;
}

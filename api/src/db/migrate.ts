import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies every migrations/NNNN_name.sql not yet recorded in schema_migrations, in order,
 * all in one transaction: a failed migration leaves the database as it was.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
  const applied: string[] = [];
  await database.runScript(async (exec, query) => {
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

import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { schema } from '../src/db/schema.js';
import { createHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('migrations', () => {
  it('apply once: a second run changes nothing', async () => {
    expect(await migrate(h.database)).toEqual([]);
  });

  it('create every table and column the typed schema queries', async () => {
    const columns = new Set<string>();
    await h.database.runScript(async (_exec, query) => {
      const rows = await query<{ table_name: string; column_name: string }>(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
      );
      for (const row of rows) columns.add(`${row.table_name}.${row.column_name}`);
    });
    for (const table of Object.values(schema)) {
      const config = getTableConfig(table);
      for (const column of config.columns) expect(columns, `${config.name}.${column.name}`).toContain(`${config.name}.${column.name}`);
    }
  });

  it('refuse prices that are not positive whole Taka, even past the API', async () => {
    await expect(
      h.database.runScript(async (exec) => {
        await exec("INSERT INTO brands (name) VALUES ('Test brand')");
        await exec(
          "INSERT INTO users (name, email, role) VALUES ('S', 's@x.test', 'Seller');" +
            "INSERT INTO products (seller_id, brand_id, name, img, condition, resale_price, original_price, used_year, phone, location) " +
            "SELECT u.id, b.id, 'P', 'i', 'Good', 0, 10, 2020, '0', 'L' FROM users u, brands b WHERE u.email = 's@x.test' AND b.name = 'Test brand'",
        );
      }),
    ).rejects.toThrow(/resale_price/);
  });
});

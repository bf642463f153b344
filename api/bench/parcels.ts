// pnpm --filter api bench:parcels (and the last part of `bench`) — issue 45: 2,000 parcels through five steps each,
// their webhooks 10% dropped, 20% duplicated and the rest shuffled, sent to two API instances on one PostgreSQL
// database (DATABASE_URL), 20 at a time. Every parcel must end in its true state (the local Pathao's): the dropped
// last steps are found by the instances' poll. Reports the webhook handling latency (p50/p95/p99; target p99 ≤ 50 ms).
// Loopback only; bounded in count. Appends its table to api/BENCHMARKS.md.
import { writeSection } from './section.js';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { DEV_WEBHOOK_SECRET, startFakePathao } from '@phonehaat/fake-pathao';
import { startApiProcess } from '../test/support/api-process.js';
import { temporaryDatabase } from '../test/support/temporary-database.js';

const PARCELS = Number(process.env.BENCH_PARCELS ?? 2000);
const CONCURRENCY = 20;
/** Parcels are asked about once not heard of for this long: past the sending, as in production (10 minutes), so the poll does not compete with it. */
const POLL_AFTER = Number(process.env.BENCH_POLL_AFTER ?? 20);
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('bench:parcels needs DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres): two instances share one database.');
  process.exit(2);
}

// A seeded shuffle, so two runs send the same webhooks in the same order.
let seed = 45;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

const pathao = await startFakePathao({ port: 0, random, switches: { drop: 1 } }); // it sends nothing: this bench sends
const database = await temporaryDatabase(adminUrl, 'phonehaat_bench');
const instances: Awaited<ReturnType<typeof startApiProcess>>[] = [];
try {
  const env = { NODE_ENV: 'development', DATABASE_URL: database.url, LOG_LEVEL: 'warn', PATHAO_BASE_URL: pathao.baseUrl, JOB_QUEUE: 'on', JOB_POLL_SECONDS: '0.5', COURIER_POLL_SECONDS: '1', COURIER_POLL_AFTER_SECONDS: String(POLL_AFTER), RATE_LIMIT_MAX: '1000000' };
  instances.push(await startApiProcess(env));
  instances.push(await startApiProcess(env));

  // The parcels on the courier's side: one store, 2,000 orders, each moved to its true end (one in five refused).
  const merchant = (path: string, body?: object, token?: string) =>
    fetch(`${pathao.baseUrl}/aladdin/api/v1${path}`, { method: body ? 'POST' : 'GET', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body && JSON.stringify(body) }).then((answer) => answer.json() as Promise<Record<string, any>>); // eslint-disable-line @typescript-eslint/no-explicit-any
  const token = (await merchant('/issue-token', { client_id: 'phonehaat-pathao-client', client_secret: 'phonehaat-pathao-client-secret', grant_type: 'password', username: 'merchant@phonehaat.test', password: 'phonehaat-pathao-password' })).access_token as string;
  await merchant('/stores', { name: 'Bench store', contact_name: 'Rahim Uddin', contact_number: '01811000111', address: 'House 5, Road 27, Dhanmondi, Dhaka', city_id: 1, zone_id: 101 }, token);
  const storeId = (await merchant('/stores', undefined, token)).data.data[0].store_id as number;

  // PhoneHaat's side: a seller, a buyer, a phone and a courier booking (cash on delivery) per parcel, and the parcel as sent.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const [{ seller }] = (await db.query(`INSERT INTO users (name, email, role) VALUES ('Bench seller', 'seller@bench.test', 'Seller') RETURNING id AS seller`)).rows;
  const [{ buyer }] = (await db.query(`INSERT INTO users (name, email, role) VALUES ('Bench buyer', 'buyer@bench.test', 'Buyer') RETURNING id AS buyer`)).rows;
  const [{ brand }] = (await db.query(`INSERT INTO brands (name) VALUES ('Bench') RETURNING id AS brand`)).rows;
  const truth = new Map<string, 'delivered' | 'returned'>();
  const address = { name: 'Nusrat Jahan', phone: '01712345678', division: 'sylhet', district: 'sylhet', area: 'Zindabazar', street: 'House 12, Road 3, near the Jame Masjid' };
  for (let i = 0; i < PARCELS; i++) {
    const order = await merchant('/orders', { store_id: storeId, merchant_order_id: `bench-${i}`, recipient_name: address.name, recipient_phone: address.phone, recipient_address: `${address.street}, Sylhet`, delivery_type: 48, item_type: 2, item_quantity: 1, item_weight: 0.5, amount_to_collect: 20_110 }, token);
    const consignment = order.data.consignment_id as string;
    const { rows: [{ product }] } = await db.query(`INSERT INTO products (seller_id, brand_id, name, img, condition, resale_price, original_price, used_year, phone, location) VALUES ($1, $2, 'Galaxy S21', 'https://example.com/p.png', 'Good', 20000, 40000, 2022, '01811000111', 'Dhaka') RETURNING id AS product`, [seller, brand]);
    const { rows: [{ booking }] } = await db.query(`INSERT INTO bookings (product_id, buyer_id, phone, meeting_location, delivery, delivery_address, cash_on_delivery, delivery_fee) VALUES ($1, $2, '01712345678', 'Courier: Zindabazar, Sylhet', 'courier', $3, true, 110) RETURNING id AS booking`, [product, buyer, JSON.stringify(address)]);
    await db.query(`INSERT INTO parcels (booking_id, courier, consignment_id, store_id, status, rank, cash_to_collect, delivery_fee) VALUES ($1, 'pathao', $2, $3, 'booked', 1, 20110, 110)`, [booking, consignment, String(storeId)]);
    const end = random() < 0.2 ? 'returned' : 'delivered';
    for (const move of ['pickup', 'transit', 'out-for-delivery', end === 'delivered' ? 'deliver' : 'refuse'] as const) pathao.move(consignment, move);
    truth.set(consignment, end);
  }

  // The five steps of each parcel as Pathao's webhooks: 10% dropped, 20% duplicated, all shuffled.
  const steps = (consignment: string) =>
    truth.get(consignment) === 'delivered'
      ? ['order.picked', 'order.in-transit', 'order.received-at-last-mile-hub', 'order.assigned-for-delivery', 'order.delivered']
      : ['order.picked', 'order.in-transit', 'order.assigned-for-delivery', 'order.delivery-failed', 'order.returned'];
  const hooks: string[] = [];
  let dropped = 0;
  let duplicated = 0;
  for (const consignment of truth.keys())
    for (const event of steps(consignment)) {
      if (random() < 0.1) {
        dropped++;
        continue;
      }
      const body = JSON.stringify({ consignment_id: consignment, store_id: storeId, event, timestamp: `${new Date().toISOString().slice(0, 19)}+00:00`, ...(event === 'order.delivered' ? { collected_amount: 20_110 } : {}) });
      hooks.push(body);
      if (random() < 0.2) {
        hooks.push(body);
        duplicated++;
      }
    }
  for (let i = hooks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [hooks[i], hooks[j]] = [hooks[j]!, hooks[i]!];
  }

  // Sent 20 at a time, each to one of the two instances in turn, timed to the microsecond.
  const agents = instances.map(() => new Agent({ keepAlive: true, maxSockets: CONCURRENCY }));
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const send = (index: number) =>
    new Promise<void>((resolve) => {
      const target = instances[index % 2]!;
      const started = performance.now();
      const call = request(`${target.url}/webhooks/pathao`, { method: 'POST', agent: agents[index % 2], headers: { 'content-type': 'application/json', 'x-pathao-signature': DEV_WEBHOOK_SECRET } }, (response) => {
        response.resume();
        response.on('end', () => {
          times.push(performance.now() - started);
          if (response.statusCode !== 202) failures++;
          resolve();
        });
      });
      call.on('error', () => {
        failures++;
        resolve();
      });
      call.end(hooks[index]);
    });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < hooks.length) await send(next++);
    }),
  );
  const sendingSeconds = (performance.now() - began) / 1000;

  // Then the poll: every parcel must reach its true end.
  const settledBy = Date.now() + 120_000;
  let wrong = PARCELS;
  while (Date.now() < settledBy) {
    const { rows } = await db.query(`SELECT consignment_id, status FROM parcels`);
    wrong = rows.filter((row) => truth.get(row.consignment_id) !== row.status).length;
    if (wrong === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const convergedSeconds = (performance.now() - began) / 1000;
  const { rows: [{ doubled }] } = await db.query(`SELECT count(*)::int AS doubled FROM (SELECT parcel_id, status FROM parcel_events GROUP BY 1, 2 HAVING count(*) > 1) twice`);
  // The money: each delivered cash parcel's sale held once (just after its step, or by the poll's sweep), none of a
  // returned one, and the ledger summing to zero.
  const delivered = [...truth.values()].filter((end) => end === 'delivered').length;
  const heldBy = Date.now() + 60_000;
  let money = { held: 0, twice: 0, returnedPaid: 0, ledger: 0, ledgerLines: 0 };
  while (Date.now() < heldBy) {
    const { rows: [row] } = await db.query(`SELECT
        (SELECT count(*)::int FROM payments WHERE method = 'cash') AS held,
        (SELECT count(*)::int FROM (SELECT booking_id FROM ledger_entries WHERE movement = 'paid' AND account = 'held' GROUP BY 1 HAVING count(*) > 1) x) AS twice,
        (SELECT count(*)::int FROM bookings b JOIN parcels pa ON pa.booking_id = b.id WHERE pa.status = 'returned' AND b.paid) AS "returnedPaid",
        (SELECT coalesce(sum(amount), 0)::bigint FROM ledger_entries) AS ledger,
        (SELECT count(*)::int FROM ledger_entries) AS "ledgerLines"`);
    money = { ...row, ledger: Number(row.ledger) };
    if (money.held >= delivered) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await db.end();

  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  const p99 = Number(at(0.99));
  const table = `## Courier webhooks across two instances

\`pnpm --filter api bench:parcels\` (issue 45), run ${new Date().toISOString().slice(0, 10)}: ${PARCELS} parcels, five steps each, ${hooks.length} webhooks sent
(${dropped} dropped, ${duplicated} duplicated, shuffled) 20 at a time to two API instances on one PostgreSQL database;
the dropped steps are found by the instances' poll (parcels not heard of for ${POLL_AFTER} s, asked about every second).

| | |
|---|---|
| webhook handling p50 / p95 / p99 | ${at(0.5)} / ${at(0.95)} / ${at(0.99)} ms (target p99 ≤ 50 ms: ${p99 <= 50 ? 'met' : 'not met'}) |
| webhooks answered other than 202 | ${failures} |
| sending took | ${sendingSeconds.toFixed(1)} s (${Math.round(hooks.length / sendingSeconds)} a second) |
| parcels in their true end (delivered or returned) | ${PARCELS - wrong} of ${PARCELS}, all by ${convergedSeconds.toFixed(1)} s |
| a step kept twice | ${doubled} |
| cash-on-delivery sales held (each once) / delivered | ${money.held} / ${delivered}; held twice: ${money.twice}; returned yet paid: ${money.returnedPaid} |
| the ledger's sum (${money.ledgerLines} lines) | ${money.ledger} poisha |
`;
  console.log(table);
  writeSection('## Courier webhooks across two instances', table);
  if (wrong > 0 || failures > 0 || doubled > 0 || money.held !== delivered || money.twice > 0 || money.returnedPaid > 0 || money.ledger !== 0) process.exitCode = 1;
} finally {
  for (const instance of instances) {
    instance.child.kill('SIGTERM');
    await instance.exited;
  }
  await pathao.close();
  await database.drop();
}

// pnpm --filter api bench:payments (and the last part of `bench`) — issue 69: 1,000 payments through SSLCommerz and
// 1,000 through Nagad, each paid on the local provider's page, then what the providers send — SSLCommerz's signed IPNs,
// Nagad's buyer returns (its callback) — 10% dropped, 20% duplicated and the rest shuffled, sent to two API instances on
// one PostgreSQL database (DATABASE_URL), 20 at a time. Every booking must be paid exactly once (the dropped ones found
// by the instances' sweep), the ledger summing to zero. Reports the handling latency (p50/p95/p99; target p99 ≤ 50 ms).
// Loopback only; bounded in count. Appends its table to api/BENCHMARKS.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEV_STORE, TEST_CARDS, TEST_OTP } from '@phonehaat/fake-sslcommerz';
import { TEST_WALLET } from '@phonehaat/fake-nagad';
import { DEV_NAGAD } from '../src/config/nagad-dev-keys.js';
import { createNagadClient } from '../src/modules/payments/methods/nagad-client.js';
import { freePort, startApiProcess } from '../test/support/api-process.js';
import { temporaryDatabase } from '../test/support/temporary-database.js';
import { writeSection } from './section.js';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/** Open payments are asked about once left this long: past the sending, as in production (a minute), so the sweep does not compete with it. */
const SWEEP_AFTER = Number(process.env.BENCH_SWEEP_AFTER ?? 20);
/** Readiness checks sent to each instance before the timed notifications. */
const WARM = Number(process.env.BENCH_WARM ?? 200);
const PRICE = 20_000;
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('bench:payments needs DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres): two instances share one database.');
  process.exit(2);
}

// A seeded shuffle, so two runs send the same notifications in the same order.
let seed = 69;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** What one provider sends back about a payment: an IPN (a form POST) or a buyer's return (a GET). */
interface Notice {
  provider: 'sslcommerz' | 'nagad';
  method: 'POST' | 'GET';
  path: string;
  body?: string;
}

/**
 * A local stand-in in a process of its own (its command line, as `pnpm start` runs it): the confirmations the API asks
 * of it while the notifications are sent must not share the sender's event loop, or the sender's clock measures them.
 */
async function standIn(name: 'sslcommerz' | 'nagad'): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const cwd = fileURLToPath(new URL(`../../tools/fake-${name}`, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], { cwd, env: { ...process.env, [`FAKE_${name.toUpperCase()}_PORT`]: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; !(await fetch(`${url}/health`).then((answer) => answer.ok, () => false)); tries++) {
    if (tries > 100 || child.exitCode !== null) throw new Error(`the local ${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child };
}

const sslcommerz = await standIn('sslcommerz');
const nagad = await standIn('nagad');
// SSLCommerz sends no IPN of its own here: the bench sends them, dropped, doubled and shuffled.
await fetch(`${sslcommerz.url}/__fake/switches`, { method: 'POST', body: JSON.stringify({ dropIpn: true }) });
const database = await temporaryDatabase(adminUrl, 'phonehaat_bench');
const instances: Awaited<ReturnType<typeof startApiProcess>>[] = [];
try {
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SSLCOMMERZ_BASE_URL: sslcommerz.url,
    NAGAD_BASE_URL: `${nagad.url}/remote-payment-gateway-1.0`,
    JOB_QUEUE: 'on',
    JOB_POLL_SECONDS: '0.5',
    WALLET_SWEEP_SECONDS: '1',
    WALLET_SWEEP_AFTER_SECONDS: String(SWEEP_AFTER),
    RATE_LIMIT_MAX: '1000000',
  };
  instances.push(await startApiProcess(env));
  instances.push(await startApiProcess(env));

  // PhoneHaat's side: a seller, a buyer, and per payment a phone, its booking and the payment attempt as the API
  // starts it (wallet_payments, open); the provider's side: the session or checkout, paid on its page.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const [{ seller }] = (await db.query(`INSERT INTO users (name, email, role) VALUES ('Bench seller', 'seller@bench.test', 'Seller') RETURNING id AS seller`)).rows;
  const [{ buyer }] = (await db.query(`INSERT INTO users (name, email, role) VALUES ('Bench buyer', 'buyer@bench.test', 'Buyer') RETURNING id AS buyer`)).rows;
  const [{ brand }] = (await db.query(`INSERT INTO brands (name) VALUES ('Bench') RETURNING id AS brand`)).rows;
  const booked = async () => {
    const { rows: [{ product }] } = await db.query(`INSERT INTO products (seller_id, brand_id, name, img, condition, resale_price, original_price, used_year, phone, location) VALUES ($1, $2, 'Galaxy S21', 'https://example.com/p.png', 'Good', $3, 40000, 2022, '01811000111', 'Dhaka') RETURNING id AS product`, [seller, brand, PRICE]);
    const { rows: [{ booking }] } = await db.query(`INSERT INTO bookings (product_id, buyer_id, phone, meeting_location) VALUES ($1, $2, '01712345678', 'Mirpur 10, Dhaka') RETURNING id AS booking`, [product, buyer]);
    return booking as string;
  };
  const attempt = (booking: string, method: string, reference: string) =>
    db.query(`INSERT INTO wallet_payments (booking_id, method, provider_payment_id, amount, status) VALUES ($1, $2, $3, $4, 'open')`, [booking, method, reference, PRICE * 100]);

  const notices: Notice[] = [];
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  for (let i = 0; i < PAYMENTS; i++) {
    const booking = await booked();
    const tranId = `PHBENCH${String(i).padStart(6, '0')}`;
    const started = await fetch(`${sslcommerz.url}/gwprocess/v4/api.php`, {
      method: 'POST',
      body: form({ store_id: DEV_STORE.id, store_passwd: DEV_STORE.password, total_amount: `${PRICE}.00`, currency: 'BDT', tran_id: tranId, success_url: 'http://127.0.0.1/s', fail_url: 'http://127.0.0.1/f', cancel_url: 'http://127.0.0.1/c', cus_name: 'Bench buyer', cus_email: 'buyer@bench.test', cus_phone: '01712345678', product_name: 'Galaxy S21', value_a: booking }),
    }).then((answer) => answer.json() as Promise<{ sessionkey: string }>);
    await attempt(booking, 'sslcommerz', tranId);
    const page = await fetch(`${sslcommerz.url}/gwprocess/v4/pay`, { method: 'POST', body: form({ sessionkey: started.sessionkey, way: 'visa', card: TEST_CARDS.pays, otp: TEST_OTP }) }).then((answer) => answer.text());
    // The signed fields the buyer's browser carries back are the IPN's, as SSLCommerz sends them.
    const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, decode(match[2]!)]));
    notices.push({ provider: 'sslcommerz', method: 'POST', path: '/payments/sslcommerz/ipn', body: form(fields).toString() });
  }
  const merchant = createNagadClient({ baseUrl: `${nagad.url}/remote-payment-gateway-1.0`, merchantId: DEV_NAGAD.merchantId, merchantNumber: DEV_NAGAD.merchantNumber, merchantPrivateKey: DEV_NAGAD.merchantPrivateKey, nagadPublicKey: DEV_NAGAD.nagadPublicKey, timeoutMs: 10_000 });
  for (let i = 0; i < PAYMENTS; i++) {
    const booking = await booked();
    const orderId = `PHBENCH${String(i).padStart(6, '0')}`;
    const { paymentReferenceId } = await merchant.checkout({ orderId, amount: String(PRICE), callbackUrl: 'http://127.0.0.1/payments/nagad/callback', additional: { invoice: orderId, amount: String(PRICE) } });
    await attempt(booking, 'nagad', paymentReferenceId);
    await fetch(`${nagad.url}/check-out/approve`, { method: 'POST', body: form({ ref: paymentReferenceId, wallet: '01711000111', otp: TEST_WALLET.otp, pin: TEST_WALLET.pin }) }).then((answer) => answer.text());
    // What Nagad's page sends the browser back with (the local Nagad's success code).
    notices.push({ provider: 'nagad', method: 'GET', path: `/payments/nagad/callback?${form({ merchant: DEV_NAGAD.merchantId, order_id: orderId, payment_ref_id: paymentReferenceId, status: 'Success', status_code: '00_0000_000', message: 'Successful Transaction' })}` });
  }

  // 10% dropped, 20% duplicated, all shuffled.
  const sent: Notice[] = [];
  const dropped = { sslcommerz: 0, nagad: 0 };
  const duplicated = { sslcommerz: 0, nagad: 0 };
  for (const notice of notices) {
    if (random() < 0.1) {
      dropped[notice.provider]++;
      continue;
    }
    sent.push(notice);
    if (random() < 0.2) {
      sent.push(notice);
      duplicated[notice.provider]++;
    }
  }
  for (let i = sent.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sent[i], sent[j]] = [sent[j]!, sent[i]!];
  }

  // Sent 20 at a time, each to one of the two instances in turn, timed to the microsecond.
  const agents = instances.map(() => new Agent({ keepAlive: true, maxSockets: CONCURRENCY }));
  const times = { sslcommerz: [] as number[], nagad: [] as number[] };
  const answered = new Map<string, number>();
  let next = 0;
  const send = (index: number) =>
    new Promise<void>((resolve) => {
      const notice = sent[index]!;
      const started = performance.now();
      const headers = notice.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
      const call = request(`${instances[index % 2]!.url}${notice.path}`, { method: notice.method, agent: agents[index % 2], headers }, (response) => {
        response.resume();
        response.on('end', () => {
          times[notice.provider].push(performance.now() - started);
          const key = `${notice.provider} ${response.statusCode}`;
          answered.set(key, (answered.get(key) ?? 0) + 1);
          resolve();
        });
      });
      call.on('error', () => {
        answered.set(`${notice.provider} unreachable`, (answered.get(`${notice.provider} unreachable`) ?? 0) + 1);
        resolve();
      });
      call.end(notice.body);
    });
  // Warm, as instances behind a load balancer are: readiness checks (a database round trip each) CONCURRENCY at a time
  // open each instance's connection pool and compile its request path. BENCH_WARM=0 times them cold (decision 056).
  for (const [i, instance] of instances.entries()) {
    const warm = Array.from({ length: WARM }, () => () =>
      new Promise<void>((resolve) => request(`${instance.url}/health/ready`, { agent: agents[i] }, (response) => response.resume().on('end', resolve)).on('error', () => resolve()).end()));
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (warm.length > 0) await warm.pop()!();
    }));
  }
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < sent.length) await send(next++);
    }),
  );
  const sendingSeconds = (performance.now() - began) / 1000;

  // Then the sweep: every booking paid, each once.
  const query = async () =>
    (
      await db.query(`SELECT
        (SELECT count(DISTINCT booking_id)::int FROM payments) AS paid,
        (SELECT count(*)::int FROM payments) AS payments,
        (SELECT count(*)::int FROM (SELECT booking_id FROM ledger_entries WHERE movement = 'paid' AND account = 'held' GROUP BY 1 HAVING count(*) > 1) x) AS twice,
        (SELECT count(*)::int FROM wallet_payments WHERE status <> 'completed') AS "notCompleted",
        (SELECT coalesce(sum(amount), 0)::bigint FROM ledger_entries) AS ledger,
        (SELECT count(*)::int FROM ledger_entries) AS "ledgerLines"`)
    ).rows[0] as { paid: number; payments: number; twice: number; notCompleted: number; ledger: string; ledgerLines: number };
  const settledBy = Date.now() + 180_000;
  let money = await query();
  while (money.paid < 2 * PAYMENTS && Date.now() < settledBy) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    money = await query();
  }
  const convergedSeconds = (performance.now() - began) / 1000;
  await db.end();

  const percentiles = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  };
  const ssl = percentiles(times.sslcommerz);
  const ngd = percentiles(times.nagad);
  const row = (name: string, p: { p50: number; p95: number; p99: number }) => `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} / ${p.p99.toFixed(1)} ms (target p99 ≤ 50 ms: ${p.p99 <= 50 ? 'met' : 'not met'}; ${name})`;
  const answers = [...answered.entries()].sort().map(([key, count]) => `${key}: ${count}`).join(', ');
  const table = `## Payments across two instances

\`pnpm --filter api bench:payments\` (issue 69), run ${new Date().toISOString().slice(0, 10)}: ${PAYMENTS} payments through SSLCommerz and ${PAYMENTS} through Nagad, each
paid on the local provider's page; SSLCommerz's signed IPNs (${dropped.sslcommerz} dropped, ${duplicated.sslcommerz} duplicated) and Nagad's buyer returns
(${dropped.nagad} dropped, ${duplicated.nagad} duplicated), ${sent.length} in all, shuffled and sent ${CONCURRENCY} at a time to two API instances on one PostgreSQL
database (${WARM ? `warmed by ${WARM} readiness checks each` : 'cold'}); each is confirmed with the provider itself (SSLCommerz's validation API, Nagad's verify) before it is recorded; the dropped ones are found
by the instances' sweep (payments left open ${SWEEP_AFTER} s, asked about every second).

| | |
|---|---|
| SSLCommerz IPN handling p50 / p95 / p99 | ${row('acknowledged; confirmed with the validation API just after', ssl)} |
| Nagad return handling p50 / p95 / p99 | ${row('sent on; confirmed with verify just after', ngd)} |
| answers (status: count) | ${answers} |
| sending took | ${sendingSeconds.toFixed(1)} s (${Math.round(sent.length / sendingSeconds)} a second) |
| bookings paid | ${money.paid} of ${2 * PAYMENTS}, all by ${convergedSeconds.toFixed(1)} s; payments recorded: ${money.payments}; held twice: ${money.twice}; attempts not completed: ${money.notCompleted} |
| the ledger's sum (${money.ledgerLines} lines) | ${Number(money.ledger)} poisha |
`;
  console.log(table);
  writeSection('## Payments across two instances', table);
  const failed = [...answered.keys()].some((key) => !/ (200|303)$/.test(key));
  if (money.paid !== 2 * PAYMENTS || money.payments !== 2 * PAYMENTS || money.twice > 0 || money.notCompleted > 0 || Number(money.ledger) !== 0 || failed) process.exitCode = 1;
} finally {
  for (const instance of instances) {
    instance.child.kill('SIGTERM');
    await instance.exited;
  }
  sslcommerz.child.kill('SIGTERM');
  nagad.child.kill('SIGTERM');
  await database.drop();
}

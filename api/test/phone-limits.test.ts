// The bounds on sign-in codes (issue 66): three to a number in 15 minutes even when requests race, and code requests
// counted per device (the id the app's browser keeps), not per client address — one carrier address is shared by
// thousands of Bangladeshi mobile users.
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, emulator, type Harness } from './support/harness.js';
import { rows } from '../src/db/rows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ PHONE_SIGN_IN_RATE_LIMIT_MAX: '4' });
});
afterAll(() => h.close());

const freshNumber = () => `01${3 + randomInt(7)}${String(randomInt(100_000_000)).padStart(8, '0')}`;
const askCode = (phone: string, device?: string, address = '127.0.0.1') =>
  h.app.inject({ method: 'POST', url: '/phone-sign-in/code', remoteAddress: address, headers: device ? { 'x-phonehaat-browser': device } : {}, payload: { phone } });
/** The codes the Auth emulator would have sent by SMS to this number. */
async function codesSentTo(local: string): Promise<number> {
  const listed = (await (await fetch(`http://${emulator()}/emulator/v1/projects/${h.env.FIREBASE_PROJECT_ID}/verificationCodes`)).json()) as { verificationCodes: { phoneNumber: string }[] };
  return listed.verificationCodes.filter((code) => code.phoneNumber === `+88${local}`).length;
}

describe('sign-in codes', () => {
  it('are at most three to a number when twenty requests race from twenty devices', async () => {
    const number = freshNumber();
    const answers = await Promise.all(Array.from({ length: 20 }, () => askCode(number, randomUUID())));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    expect(await codesSentTo(number)).toBe(3);
    const [kept] = await rows<{ n: number }>(h.database.db, sql`SELECT count(*)::int AS n FROM phone_verifications WHERE phone = ${`+88${number}`}`);
    expect(kept?.n).toBe(3);
  });

  it('are counted per device, so people behind one carrier address are not blocked by each other', async () => {
    const carrier = '103.230.104.7';
    const device = randomUUID();
    for (let i = 0; i < 4; i += 1) expect((await askCode(freshNumber(), device, carrier)).statusCode).toBe(201);
    const limited = await askCode(freshNumber(), device, carrier);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone behind the same carrier address still gets its code.
    expect((await askCode(freshNumber(), randomUUID(), carrier)).statusCode).toBe(201);
  });

  it('are counted per address for a client that sends no device id', async () => {
    const address = '203.76.120.9';
    for (let i = 0; i < 4; i += 1) expect((await askCode(freshNumber(), undefined, address)).statusCode).toBe(201);
    expect((await askCode(freshNumber(), undefined, address)).statusCode).toBe(429);
  });
});

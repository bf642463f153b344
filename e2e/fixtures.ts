import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test as base, type Browser, type Locator, type Page, type Response } from '@playwright/test';
import { spawn } from 'node:child_process';
import { root } from '@phonehaat/stack';
import { emulatorCodeSentTo } from '@phonehaat/stack/emulator';
import { apiUrl, emulatorHost, mailUrl, publicEnv, shellUrl, sliceEnv } from './stack';

export interface Account {
  name: string;
  email: string;
  password: string;
  role: 'Buyer' | 'Seller';
  /** Their verified number (01XXXXXXXXX), unless made without one. */
  phone?: string;
}

export const demo = {
  admin: { email: 'admin@phonehaat.test', password: 'phonehaat123', name: 'Ayesha Rahman' },
  seller: { email: 'seller@phonehaat.test', password: 'phonehaat123', name: 'Karim Hossain' },
  buyer: { email: 'buyer@phonehaat.test', password: 'phonehaat123', name: 'Tanvir Ahmed' },
};

/** A valid IMEI no other run uses: 14 random digits and their Luhn check digit (the test's own data, not the app's check). */
export function newImei(): string {
  const body = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10));
  const sum = body.reduceRight((total, digit, i) => {
    // From the right, the digit next to the check digit is doubled, then every second one.
    const doubled = (body.length - 1 - i) % 2 === 0 ? digit * 2 : digit;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return `${body.join('')}${(10 - (sum % 10)) % 10}`;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@e2e.phonehaat.test`;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${url} → ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A Bangladeshi mobile number no other run uses (01 and an operator's digit, then eight at random). */
export const freshPhoneNumber = () => `01${3 + randomInt(7)}${String(randomInt(100_000_000)).padStart(8, '0')}`;

/** The code the Auth emulator would have sent to this number (01XXXXXXXXX) last: it sends no SMS, it lists them. */
export const codeSentTo = (local: string): Promise<string> => emulatorCodeSentTo(emulatorHost, local);

/** An e-mail the stack sent, as its mail catcher (maildev) keeps it. */
export interface CaughtEmail {
  subject: string;
  text: string;
  to: { address: string }[];
  headers: Record<string, string>;
}
/** Every e-mail the stack sent to this address. */
export async function emailsTo(address: string): Promise<CaughtEmail[]> {
  const all = (await (await fetch(`${mailUrl}/api/email`)).json()) as CaughtEmail[];
  return all.filter((email) => email.to.some((to) => to.address === address));
}

/**
 * An account made the way the sign-up page makes one (emulator account, then POST /users), with a phone number verified
 * as the settings page does it (listing, booking and a first message need one, issue 46); `phone: false` for an account
 * without one, as e-mail and Google accounts from before are.
 */
export async function createAccount(role: Account['role'], name = `${role} ${randomUUID().slice(0, 4)}`, { phone = true }: { phone?: boolean } = {}): Promise<Account> {
  const email = uniqueEmail(role.toLowerCase());
  const password = 'e2e-password-1';
  await post(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e`, { email, password, displayName: name, returnSecureToken: true });
  // Signed in again, as a browser would be: under load the sign-up's own token was seen to reach the API before the
  // emulator could look the account up (401).
  const { idToken } = await post<{ idToken: string }>(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`, { email, password, returnSecureToken: true });
  await post(`${apiUrl}/users`, { name, email, role }, { authorization: `Bearer ${idToken}` });
  const number = phone ? await verifyPhoneOf({ email, password }, idToken) : undefined;
  return { name, email, password, role, ...(number ? { phone: number } : {}) };
}

/** Answers the "First, your phone number" question (PhoneGate) in English, as a person would: a fresh number, its code. */
export async function verifyInGate(gate: Locator): Promise<string> {
  const number = freshPhoneNumber();
  await gate.getByLabel('Mobile number').fill(number);
  await gate.getByRole('button', { name: 'Send code' }).click();
  await expect(gate.getByLabel('Code')).toBeVisible();
  await gate.getByLabel('Code').fill(await codeSentTo(number));
  await gate.getByRole('button', { name: 'Verify' }).click();
  return number;
}

/** Verifies a fresh number on the account through the API, the code read from the emulator. */
async function verifyPhoneOf(account: { email: string; password: string }, idToken: string): Promise<string> {
  const number = freshPhoneNumber();
  const headers = { authorization: `Bearer ${await accessTokenFor(account)}` };
  const { verificationId } = await post<{ verificationId: string }>(`${apiUrl}/me/phone/code`, { phone: number }, headers);
  await post(`${apiUrl}/me/phone/verify`, { verificationId, code: await codeSentTo(number), idToken }, headers);
  return number;
}

/** The API's access token for an account, as the browser would hold it. */
export async function accessTokenFor(account: { email: string; password: string }): Promise<string> {
  const { idToken } = await post<{ idToken: string }>(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`, {
    email: account.email,
    password: account.password,
    returnSecureToken: true,
  });
  const response = await fetch(`${apiUrl}/jwt?email=${encodeURIComponent(account.email)}`, { headers: { authorization: `Bearer ${idToken}` } });
  if (!response.ok) throw new Error(`GET /jwt ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Calls the API as an account would (with its access token). */
export async function apiAs<T = unknown>(account: { email: string; password: string }, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await accessTokenFor(account);
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
}

/** Photo files as sellers' phones make them: `cameraPhoto` is a 12-megapixel JPEG of several MB. */
export const photoFiles = {
  cameraPhoto: () =>
    sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
      .jpeg({ quality: 92 })
      .toBuffer(),
  png: (colour = '#2d6cdf') => sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).png().toBuffer(),
};

/** Uploads a photo through the API as a seller (as the add-product form does); returns its id. */
export async function uploadPhoto(seller: { email: string; password: string }, bytes: Buffer, name = 'photo.png'): Promise<string> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${apiUrl}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${await accessTokenFor(seller)}` }, body: form });
  if (response.status !== 201) throw new Error(`POST /uploads → ${response.status}`);
  return ((await response.json()) as { _id: string })._id;
}

/** A phone listed by a seller through the API (as the add-product form would). */
export async function listPhone(seller: { email: string; password: string }, overrides: Record<string, unknown> = {}): Promise<{ id: string; name: string; brandId: string; brandName: string }> {
  const brands = (await (await fetch(`${apiUrl}/categories`)).json()) as { _id: string; name: string }[];
  const brand = brands.find((b) => b.name === (overrides.brandName ?? 'Nokia')) ?? brands[0]!;
  const name = (overrides.name as string) ?? `E2E phone ${randomUUID().slice(0, 6)}`;
  const { status, body } = await apiAs<{ insertedId: string }>(seller, 'POST', '/addedproducts', {
    name,
    brandId: brand._id,
    resalePrice: 12500,
    originalPrice: 25000,
    condition: 'Good',
    phone: '01711-000222',
    location: 'Mirpur, Dhaka',
    // One of PhoneHaat's own pictures, on the API's public address (another website's is refused).
    img: `${publicEnv.PUBLIC_API_URL}/images/products/nokia-g21.svg`,
    usedYear: 2023,
    description: 'Listed by the end-to-end tests.',
    ...Object.fromEntries(Object.entries(overrides).filter(([key]) => key !== 'brandName')),
  });
  if (status !== 201) throw new Error(`POST /addedproducts → ${status}`);
  return { id: body.insertedId, name, brandId: brand._id, brandName: brand.name };
}

/** A seller's courier pickup point in Dhaka (PUT /pickup-address, as My Product's form keeps it): their phones can then go by courier. */
export async function keepPickupAddress(seller: Account) {
  const kept = await apiAs(seller, 'PUT', '/pickup-address', { name: seller.name, phone: '01811-000111', division: 'dhaka', district: 'dhaka', area: 'Dhanmondi', street: 'House 5, Road 27, near Rapa Plaza' });
  expect(kept.status).toBe(200);
}

/** Types a card into the payment form (the fake Stripe's, as Stripe.js lays it out). */
export async function enterCard(page: Page, number: string) {
  // bKash is offered first (most buyers pay with it): the buyer chooses Card.
  await page.getByRole('radio', { name: /^Card(?!,)/ }).check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

/** A port nobody listens on, for a server a test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** On the local bKash's checkout page: a test wallet, the code it sends (123456), then its PIN (12121), confirmed. */
export async function approveOnBkash(page: Page, wallet = '01770618575') {
  await page.getByLabel('Your bKash account number').fill(wallet);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('PIN').fill('12121');
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, account: { email: string; password: string }, from = '/login') {
  if (!page.url().includes('/login')) await page.goto(from);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Signed in: the navbar offers the dashboard (folded into the menu on a phone).
  await expect(page.getByRole('link', { name: 'Dashboard', includeHidden: true })).toBeAttached();
}

/** A browser of its own (a fresh context, desktop-sized unless told), signed in as the account: one side of a conversation. */
export async function signedIn(browser: Browser, account: { email: string; password: string }, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = actingOnTheApp(await (await browser.newContext({ viewport })).newPage());
  await signIn(page, account);
  return page;
}

/**
 * A fresh seller's phone booked by a fresh buyer, signed in on a 360 px page in Bangla (the choice the navbar's switch
 * remembers, which a payment provider's return, an address without /bn, is shown in), on the booking's payment page.
 */
export async function bookedInBangla(page: Page): Promise<{ seller: Account; buyer: Account; bookingId: string; name: string }> {
  const seller = await createAccount('Seller');
  const phone = await listPhone(seller);
  const buyer = await createAccount('Buyer');
  const booked = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811-000111', meetingLocation: 'Mirpur 10, Dhaka' });
  expect(booked.status).toBe(201);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, buyer);
  await page.context().addCookies([{ name: 'phonehaat_lang', value: 'bn', url: shellUrl }]);
  await page.goto(`/bn/dashboard/payment/${booked.body.insertedId}`);
  await expect(page.getByRole('heading', { name: 'পেমেন্ট' })).toBeVisible();
  return { seller, buyer, bookingId: booked.body.insertedId, name: phone.name };
}

/**
 * Holds back the shell's code, as a slow phone would: until the returned function is called, the page is only the
 * HTML the shell's server composed.
 */
export async function holdAppCode(page: Page): Promise<() => void> {
  let resolve!: () => void;
  const late = new Promise<void>((done) => (resolve = done));
  await page.route('**/assets/bootstrap-*.js', async (route) => {
    await late;
    await route.continue();
  });
  appHeld.add(page);
  return () => {
    appHeld.delete(page);
    resolve();
  };
}

/** Pages whose app code a test holds back to look at the composed HTML (holdAppCode). */
const appHeld = new WeakSet<Page>();

/**
 * A page the shell's server composed is HTML until the app has hydrated it (decision 019): its `goto` waits for the app
 * to have started (#root[data-started]) before the test acts, unless the test holds the app's code back (holdAppCode).
 * A key pressed on the composed HTML alone is not the app's (a message's Enter was seen lost so).
 */
function actingOnTheApp(page: Page): Page {
  const started = async (response: Response | null) => {
    const isApp = response?.headers()['content-type']?.startsWith('text/html') && (await page.locator('#root').count()) > 0;
    if (isApp && !appHeld.has(page)) await expect(page.locator('#root[data-started]')).toBeAttached({ timeout: 15_000 });
    return response;
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => started(await goto(...args));
  // A reload composes the page again: the same wait (a release's files were read before its remote had loaded).
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => started(await reload(...args));
  return page;
}

/** The page was sent to /login, carrying where it was going (signing in returns there). */
export async function expectSentToLogin(page: Page, from: string) {
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('from') === from);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  // A dialog fading in is half transparent: axe would judge its contrast mid-animation. Let the animations that
  // end (not a spinner's endless turn) finish first.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The page fits the viewport's width (no sideways scrolling on a phone). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Every layout shift of the page since it started loading, summed (shifts right after an input excluded, as the
 * Core Web Vitals count them): at least the CLS Lighthouse reports, which takes the worst window of shifts.
 */
export async function layoutShiftOf(page: Page): Promise<{ total: number; sources: string[] }> {
  // A string, not a function: the entries' fields are not in TypeScript's DOM types.
  return page.evaluate(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const shifts = list.getEntries().filter((entry) => !entry.hadRecentInput);
      const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
      // A node already replaced (a composed page the app took over) is described by how it moved.
      const describe = (source) => source.node ? (source.node.id ? '#' + source.node.id : source.node.nodeName.toLowerCase() + (source.node.className && typeof source.node.className === 'string' ? '.' + source.node.className.split(' ')[0] : '')) : '(gone: ' + rect(source.previousRect) + ' -> ' + rect(source.currentRect) + ')';
      resolve({
        total: shifts.reduce((sum, entry) => sum + entry.value, 0),
        sources: shifts.map((entry) => entry.value.toFixed(3) + ' at ' + Math.round(entry.startTime) + ' ms ' + (entry.sources || []).map(describe).join(' ')),
      });
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve({ total: 0, sources: [] }), 1000);
  })`);
}

export interface SliceRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** How long the command took, start to exit. */
  ms: number;
}

/** Runs `pnpm slice …` against this stack's deployer and release store, as a team's terminal or CI would. */
export function slice(args: string[], env: Record<string, string> = {}): Promise<SliceRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['--silent', 'slice', ...args], { cwd: root, env: { ...process.env, ...sliceEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim(), ms: Date.now() - started }));
  });
}

/** `pnpm slice status --json`, parsed. */
export async function sliceStatus(): Promise<{
  remotes: Record<string, { live?: { version: string; by: string }; canary?: { version: string; percent: number }; releases: { version: string; status: string; reason?: string }[] }>;
  history: { remote: string; action: string; version: string }[];
}> {
  const run = await slice(['status', '--json']);
  if (run.code !== 0) throw new Error(`pnpm slice status failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** What React says when a composed page's HTML and the browser's first render differ (bootstrap.tsx's onRecoverableError). */
const hydrationError = /could not hydrate the composed page|Minified React error #(418|419|422|423|425)|Hydration failed|did not match/i;

/**
 * For a page of a context a test made itself (the `page` fixture does this for its own): the hydration mismatches
 * React reports on it, to expect none of once the page has been used.
 */
export function hydrationErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && hydrationError.test(message.text())) errors.push(message.text());
  });
  return errors;
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // A page the shell's server composed is HTML until the app has hydrated it (decision 019); the tests act on the app
  // once it has started (#root[data-started]), unless they hold its code back to act on the HTML alone.
  page: async ({ page }, use) => {
    await use(actingOnTheApp(page));
  },
  // Page errors (uncaught exceptions) and hydration mismatches fail the test that caused them.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const hydration = hydrationErrorsOf(page);
      await use(errors);
      errors.push(...hydration);
      expect(errors, 'uncaught errors or hydration mismatches in the page').toEqual([]);
    },
    { auto: true },
  ],
});
/** README's screenshots, taken when SCREENSHOTS is set (`SCREENSHOTS=1 pnpm test:e2e tests/bkash.spec.ts`). */
export async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: new URL(`../docs/screenshots/${name}.png`, import.meta.url).pathname });
}

export { expect };

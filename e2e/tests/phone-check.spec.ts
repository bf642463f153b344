// The phone proves itself (issue 68): a seller checks a phone in its own browser (Bangla, 360 px, a fake camera and
// microphone, touch and sensors emulated), the listing shows the report; at the handover the buyer checks the phone in
// their hand: the same one (match, the code given, the money released) or another (mismatch, money held, a dispute of
// its own reason, the admin reads the comparison). And how well the facts tell phones apart, measured.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { compareDevices } from '@phonehaat/shared-api/device-compare';
import type { DeviceFacts } from '@phonehaat/shared-api';
import { shellLaunchOptions } from '../browser';
import { apiAs, createAccount, demo, enterCard, expect, listPhone, newImei, screenshot, signedIn, signIn, test, type Account } from '../fixtures';
import { apiUrl, shellUrl } from '../stack';

// A fake camera and microphone, allowed without asking (Chromium's own test devices).
test.use({ launchOptions: { ...shellLaunchOptions, args: [...shellLaunchOptions.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

/** An Android phone as Chromium on it describes itself: its screen, pixel ratio, model (client hints) and touch points. */
interface Device {
  width: number;
  height: number;
  ratio: number;
  model: string;
  touchPoints: number;
}
const GALAXY_A54: Device = { width: 360, height: 780, ratio: 3, model: 'SM-A546E', touchPoints: 5 };
const GALAXY_A14: Device = { width: 384, height: 854, ratio: 2, model: 'SM-A145F', touchPoints: 5 };
/** Ten other phones, for how well the check tells phones apart. */
const OTHERS: Device[] = [
  GALAXY_A14,
  { width: 360, height: 780, ratio: 3, model: 'SM-A536E', touchPoints: 5 },
  { width: 393, height: 873, ratio: 2.75, model: 'Pixel 7', touchPoints: 10 },
  { width: 412, height: 915, ratio: 2.625, model: 'Pixel 8 Pro', touchPoints: 10 },
  { width: 360, height: 800, ratio: 3, model: 'Redmi Note 13 Pro', touchPoints: 10 },
  { width: 393, height: 851, ratio: 2.75, model: '23021RAAEG', touchPoints: 10 },
  { width: 360, height: 780, ratio: 3, model: 'SM-A546B', touchPoints: 5 },
  { width: 384, height: 854, ratio: 2, model: 'CPH2591', touchPoints: 5 },
  { width: 360, height: 760, ratio: 2, model: 'RMX3830', touchPoints: 5 },
  { width: 412, height: 892, ratio: 2.625, model: 'V2250', touchPoints: 10 },
];

/** A fresh browser on `device`, in Bangla (the page follows the phone's language): the phone the link is opened on. */
async function onPhone(browser: Browser, device: Device): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    screen: { width: device.width, height: device.height },
    deviceScaleFactor: device.ratio,
    isMobile: true,
    hasTouch: true,
    locale: 'bn-BD',
    permissions: ['camera', 'microphone', 'accelerometer', 'gyroscope'],
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', {
    userAgent: `Mozilla/5.0 (Linux; Android 14; ${device.model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36`,
    userAgentMetadata: { brands: [{ brand: 'Chromium', version: '156' }], fullVersion: '156.0.0.0', platform: 'Android', platformVersion: '14.0.0', architecture: 'arm', model: device.model, mobile: true },
  });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: device.touchPoints });
  // Plugged in: Chrome's battery says it charges (no charger in a test).
  await page.addInitScript({
    content: `navigator.getBattery = () => Promise.resolve(Object.assign(new EventTarget(), { charging: true, level: 0.62 }));`,
  });
  return { context, page };
}

/** The link a dialog shows (its QR code's address). */
const linkIn = async (page: Page) => (await page.getByTestId('check-link').getAttribute('href'))!;
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
const speakerDigits = async (token: string) => ((await (await fetch(`${apiUrl}/device-checks/${token}`)).json()) as { speakerDigits: string }).speakerDigits;

/** Touches every square the grid asks for, as a finger would. */
async function touchAll(page: Page) {
  const cells = page.getByTestId('touch-grid').getByRole('img');
  for (const cell of await cells.all()) {
    const box = (await cell.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  }
}

/** The cameras' steps: the picture is sharp (the fake camera's). */
async function cameras(page: Page) {
  for (const title of ['সামনের ক্যামেরা', 'পেছনের ক্যামেরা']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const sharp = page.getByRole('button', { name: 'ছবি পরিষ্কার' });
    await expect(sharp).toBeVisible();
    const shown = await sharp.boundingBox();
    // The answers stay where they showed when the camera's first picture arrives (a tap on them was lost when they
    // moved under it).
    await page.getByLabel('ক্যামেরা যা দেখছে').evaluate((video: HTMLVideoElement) =>
      video.readyState >= 1 ? undefined : new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true })),
    );
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await sharp.boundingBox()).toEqual(shown);
    await sharp.click();
  }
}

/** The listing's check on the phone, step by step, as its seller does it: answered, and how long it took. */
async function checkListing(page: Page, link: string, imei: string) {
  const started = Date.now();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'ফোনটি চেক করুন' })).toBeVisible();
  await screenshot(page, 'phone-check-start');
  await page.getByRole('button', { name: 'চেক শুরু করুন' }).click();
  await expect(page.getByRole('heading', { name: 'প্রতিটি ঘর ছুঁয়ে দেখুন' })).toBeVisible();
  await touchAll(page);
  await page.getByRole('button', { name: 'রংগুলো দেখান' }).click();
  for (let i = 0; i < 5; i++) await page.getByTestId('colour-fill').click();
  await page.getByRole('button', { name: 'কোনো নষ্ট পিক্সেল বা দাগ নেই' }).click();
  await cameras(page);
  // The microphone hears the fake device's tone: the step passes by itself.
  await expect(page.getByRole('heading', { name: 'স্পিকার' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'অঙ্কগুলো বাজান' }).click();
  await page.getByLabel('যে তিনটি অঙ্ক শুনলেন').fill(await speakerDigits(tokenOf(link)));
  await page.getByRole('button', { name: 'এটাই শুনেছি' }).click();
  await page.getByRole('button', { name: 'ফোন কাঁপান' }).click();
  await page.getByRole('button', { name: 'টের পেয়েছি' }).click();
  // Tilted towards the person: the motion sensors follow.
  await expect(page.getByRole('heading', { name: 'হেলানো' })).toBeVisible();
  // Where the browser asks first (Safari, and Chromium since it has DeviceOrientationEvent.requestPermission), a tap.
  const allow = page.getByRole('button', { name: 'নড়াচড়ার অনুমতি দিন' });
  if (await allow.isVisible()) await allow.click();
  await expect(page.getByTestId('tilt-angle')).toBeVisible();
  for (const beta of [0, 15, 40]) await page.evaluate((angle) => window.dispatchEvent(new DeviceOrientationEvent('deviceorientation', { alpha: 0, beta: angle, gamma: 0 })), beta);
  // Plugged in: charging, the step passes by itself.
  await expect(page.getByRole('heading', { name: 'IMEI' })).toBeVisible({ timeout: 10_000 });
  await page.getByLabel('IMEI (১৫ অঙ্ক)').fill(imei);
  await page.getByRole('button', { name: 'IMEI মিলিয়ে দেখুন' }).click();
  await page.getByRole('checkbox', { name: /Find My iPhone/ }).check();
  await page.getByRole('button', { name: 'রিপোর্ট পাঠান' }).click();
  await expect(page.getByRole('heading', { name: 'এই ফোনেই চেক করা' })).toBeVisible();
  await screenshot(page, 'phone-check-done');
  return (Date.now() - started) / 1000;
}

/** The handover's minute on the phone in the buyer's hand: its corners, its cameras, the IMEI it shows. */
async function checkHandover(page: Page, link: string, imei: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'চেক শুরু করুন' }).click();
  await touchAll(page);
  await cameras(page);
  await page.getByLabel('IMEI (১৫ অঙ্ক)').fill(imei);
  await page.getByRole('button', { name: 'IMEI মিলিয়ে দেখুন' }).click();
  await page.getByRole('button', { name: 'রিপোর্ট পাঠান' }).click();
  return page.getByTestId('handover-verdict');
}

/** A seller's phone with its IMEI, checked on a Galaxy A54 from My Product (in Bangla, at 360 px). */
async function checkedPhone(page: Page, browser: Browser) {
  const seller = await createAccount('Seller');
  const imei = newImei();
  const phone = await listPhone(seller, { imei });
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, seller);
  await page.goto('/bn/dashboard/myproduct');
  await page.getByRole('button', { name: `ফোনটি চেক করুন: ${phone.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: /QR কোড/ })).toBeVisible();
  const link = await linkIn(page);
  const { context, page: handset } = await onPhone(browser, GALAXY_A54);
  const seconds = await checkListing(handset, link, imei);
  await context.close();
  // My Product hears of the report by itself.
  await expect(dialog.getByRole('status')).toContainText('ফোনটি রিপোর্ট পাঠিয়েছে');
  return { seller, phone, imei, seconds };
}

/** A buyer (in a browser of their own) books and pays by card, then opens My Orders in Bangla at 360 px. */
async function heldPurchase(browser: Browser, phone: { id: string }) {
  const buyer = await createAccount('Buyer');
  const booked = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811-000111', meetingLocation: 'Mirpur 10, Dhaka' });
  const page = await signedIn(browser, buyer, { width: 360, height: 780 });
  await page.goto(`/dashboard/payment/${booked.body.insertedId}`);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay Tk/ }).click();
  await expect(page.getByRole('heading', { name: 'Your payment is completed' })).toBeVisible();
  await page.goto('/bn/dashboard/myorders');
  return { buyer, page, bookingId: booked.body.insertedId };
}

test.describe('the phone proves itself', () => {
  test('a seller checks a phone on itself in Bangla at 360 px, the listing shows it; the buyer checks the same phone at the handover, gives the code, the money is released', async ({ page, browser }) => {
    const { seller, phone, imei, seconds } = await checkedPhone(page, browser);
    // Under two minutes even for a machine working through every step (a person taps 12 screens).
    expect(seconds).toBeLessThan(120);
    console.log(`phone check: 10 steps, 12 screens, ${seconds.toFixed(1)} s in this run`);

    // The listing: "Tested on this phone", step by step, and what a browser cannot say.
    await page.goto(`/bn/product/${phone.id}`);
    const report = page.getByTestId('device-report');
    await expect(report).toContainText('এই ফোনের নিজের ব্রাউজারে চেক করা হয়েছে');
    await expect(report.getByRole('listitem').filter({ hasText: 'টাচ স্ক্রিন' })).toContainText('পাস');
    await expect(report).toContainText('বিক্রেতার কথা');
    // Its heading just below the sticky header.
    await report.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 140));
    await screenshot(page, 'phone-check-report');
    await page.goto(`/bn/products/${phone.brandId}`);
    const card = page.getByTestId('product-grid').getByRole('article').filter({ hasText: phone.name });
    await expect(card).toContainText('এই ফোনেই চেক করা');
    await card.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 140));
    await screenshot(page, 'phone-check-badge');

    // The buyer, at the meeting, checks the phone in their hand: it is the one.
    const { page: orders, bookingId } = await heldPurchase(browser, phone);
    const order = orders.getByTestId('order').filter({ hasText: phone.name });
    await order.getByRole('button', { name: `এটাই চেক করা ফোন কিনা দেখুন: ${phone.name}` }).click();
    const link = await linkIn(orders);
    const { context, page: handset } = await onPhone(browser, GALAXY_A54);
    await expect(await checkHandover(handset, link, imei)).toHaveText('এটাই চেক করা ফোন');
    await context.close();
    await expect(orders.getByRole('dialog').getByTestId('handover-check')).toContainText('এটাই চেক করা ফোন');
    await orders.keyboard.press('Escape');
    // NEIR: the KYD check's IMEI, recorded with the sale.
    await order.getByLabel('এনইআইআর যাচাইয়ে পাওয়া IMEI').fill(imei);
    await order.getByRole('button', { name: 'এনইআইআর যাচাই রাখুন' }).click();
    await expect(order.getByTestId('kyd-recorded')).toContainText(imei.slice(-4));
    const code = (await order.getByTestId('handover-code').textContent())!;
    // The seller de-registers the phone and enters the code: the money is released.
    const deregistered = await apiAs(seller, 'POST', `/bookings/${bookingId}/neir`, {});
    expect(deregistered.status).toBe(201);
    expect((await apiAs(seller, 'POST', `/bookings/${bookingId}/handover`, { code })).status).toBe(200);
    await orders.reload();
    await expect(order).toContainText('বিক্রেতাকে দেওয়া হয়েছে');
  });

  test('the buyer checks another phone at the handover: it says what differs, the money stays held, the dispute carries its reason and the admin reads the comparison', async ({ page, browser }) => {
    const { phone } = await checkedPhone(page, browser);
    const { page: orders, bookingId } = await heldPurchase(browser, phone);
    const order = orders.getByTestId('order').filter({ hasText: phone.name });
    await order.getByRole('button', { name: `এটাই চেক করা ফোন কিনা দেখুন: ${phone.name}` }).click();
    const link = await linkIn(orders);
    // A cheaper Galaxy, its own IMEI shown by *#06#.
    const { context, page: handset } = await onPhone(browser, GALAXY_A14);
    const verdict = await checkHandover(handset, link, newImei());
    await expect(verdict).toHaveText('এটা চেক করা ফোন নয়');
    await expect(handset.getByRole('listitem').filter({ hasText: 'মডেল' })).toContainText('SM-A145F');
    await expect(handset.getByRole('listitem').filter({ hasText: 'IMEI' })).toHaveText('IMEI: বিজ্ঞাপনের IMEI নয় (এই ফোনে লেখা IMEI অন্য ফোনের)');
    await screenshot(handset, 'phone-check-mismatch');
    await context.close();
    const dialog = orders.getByRole('dialog');
    await expect(dialog.getByTestId('handover-check')).toContainText('এটা চেক করা ফোন নয়');
    await expect(dialog.getByTestId('handover-check')).toContainText('মডেল: চেকে ছিল SM-A546E, এই ফোনে SM-A145F');
    await orders.keyboard.press('Escape');
    // The money stays held; "Report a problem" comes with the reason chosen.
    await expect(order.getByTestId('handover-code')).toBeVisible();
    await order.getByRole('button', { name: /সমস্যা জানান/ }).click();
    const form = orders.getByRole('dialog');
    await expect(form.getByRole('radio', { name: 'এটা চেক করা ফোন নয়' })).toBeChecked();
    await form.getByRole('button', { name: 'PhoneHaat-কে পাঠান' }).click();
    await expect(order).toContainText('এটা চেক করা ফোন নয়');
    // The admin's Disputes page: the comparison beside the dispute.
    const { status, body } = await apiAs<{ cases: { bookingId: string; comparison: { match: boolean } | null }[] }>(demo.admin, 'GET', '/disputes?status=open&limit=50');
    expect(status).toBe(200);
    expect(body.cases.find((one) => one.bookingId === bookingId)?.comparison?.match).toBe(false);
    const admin = await signedIn(browser, demo.admin);
    await admin.goto('/dashboard/disputes');
    const card = admin.getByRole('article').filter({ hasText: phone.name });
    await expect(card).toContainText('Not the phone that was tested');
    await expect(card).toContainText('Model: tested SM-A546E, at the handover SM-A145F');
    await expect(card).toContainText("IMEI: not the listing's");
  });

  test('tells phones apart by what their browsers say: the same phone matches itself in 20 fresh sessions, none of 10 others matches it', async ({ browser }) => {
    const seller: Account = await createAccount('Seller');
    const phone = await listPhone(seller, { imei: newImei() });
    const { body } = await apiAs<{ token: string }>(seller, 'POST', `/addedproducts/${phone.id}/device-check`, {});
    const link = `${shellUrl}/check/${body.token}`;
    /** The facts the check's first screen reads, in a fresh browser on `device`. */
    const factsOn = async (device: Device) => {
      const { context, page } = await onPhone(browser, device);
      await page.goto(link);
      const facts = JSON.parse((await page.getByTestId('phone-facts').getAttribute('data-facts'))!) as DeviceFacts;
      await context.close();
      return facts;
    };
    const reference = await factsOn(GALAXY_A54);
    const same: boolean[] = [];
    for (let i = 0; i < 20; i++) same.push(compareDevices(reference, await factsOn(GALAXY_A54), null).match);
    const others = [];
    for (const device of OTHERS) others.push(compareDevices(reference, await factsOn(device), null).match);
    console.log(`phone check fingerprint: the same phone matched itself in ${same.filter(Boolean).length} of 20 fresh sessions; ${others.filter(Boolean).length} of 10 other phones matched it`);
    expect(same.filter(Boolean)).toHaveLength(20);
    expect(others.filter(Boolean)).toHaveLength(0);
  });
});

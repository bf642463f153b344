import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, demo, expect, expectAccessible, expectNoSidewaysScroll, keepPickupAddress, listPhone, newImei, signIn, test, type Account } from '../fixtures';
import { pathaoUrl } from '../stack';

// Issue 42's guard: every page of every role, on a 360×740 phone, in both languages. A page fails on sideways scroll,
// a console error, an axe violation, a link in the browser's own blue, or — on a Bangla page, in its visible text
// outside what people typed (marked translate="no") and what is English on purpose (lang="en") — a Latin digit or an
// English word that is not a name (brands, PhoneHaat, bKash…). It runs in `pnpm test`, so a change that brings one
// back fails. Not checked: labels read aloud (aria-label), which often quote people's text inside the page's words.

const PHONE = { width: 360, height: 740 };
/** Words that stay as they are on a Bangla page: names of things, not English. */
const NAMES = new Set(
  ['PhoneHaat', 'bKash', 'SSLCommerz', 'Google', 'Stripe', 'Visa', 'Mastercard', 'Amex', 'IMEI', 'Tk', 'Apple', 'Samsung', 'Xiaomi', 'OnePlus', 'Pixel', 'Realme', 'Oppo', 'Vivo', 'Nokia', 'Motorola', 'English', 'PIN', 'OTP', 'ID', 'CVC', 'MM', 'YY', 'GB', 'TB', 'RAM', 'SMS', 'CSV', 'p50', 'p75', 'p95', 'ms', 'CLS', 'LCP', 'INP', 'TTFB'].map((word) => word.toLowerCase()),
);

interface Visit {
  path: string;
  /** Who looks: undefined is a visitor. */
  as?: Account;
  /** What to open on the page before it is checked (a dialog), in its language. */
  open?: (page: Page, language: 'en' | 'bn') => Promise<void>;
}

/** Spellings a Bangla page does not use (issue 65): one spelling of পুরোনো; a declined offer is নাকচ, not sent back. */
const NOT_OUR_BANGLA = ['পুরনো', 'পুরানো', 'ফিরিয়ে দিয়েছেন'];

/** The page's own visible words: outside people's text (translate="no"), what is in another language on purpose (lang). */
function ownTexts(page: Page, language: 'en' | 'bn'): Promise<string[]> {
  return page.evaluate((other) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        const parent = node.parentElement;
        // People's text (translate="no") and what is written in the other language on purpose (the blog's English
        // articles on a Bangla page, "বাংলা" in the language switch on an English one).
        if (!parent || parent.closest(`[translate="no"], [lang="${other}"], script, style, code, noscript, [hidden], [aria-hidden="true"], svg`)) return NodeFilter.FILTER_REJECT;
        const style = getComputedStyle(parent);
        if (style.display === 'none' || style.visibility === 'hidden') return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.trim()) out.push(node.textContent.trim());
    return out;
  }, language === 'bn' ? 'en' : 'bn');
}

/** What an English page says in Bangla outside people's text: a word left from another language's render. */
async function banglaOnEnglishPage(page: Page): Promise<string[]> {
  return (await ownTexts(page, 'en')).filter((text) => /[\u0980-\u09FF]/.test(text));
}

/** What the page says on a Bangla page that is neither Bangla nor a name nor people's text. */
async function foreignOnBanglaPage(page: Page): Promise<{ digits: string[]; words: string[] }> {
  const texts = await ownTexts(page, 'bn');
  const digits = texts.filter((text) => /[0-9]/.test(text));
  const words = texts.flatMap((text) => (text.match(/[A-Za-z][A-Za-z'’]+/g) ?? []).filter((word) => !NAMES.has(word.toLowerCase())).map((word) => `${word} (in “${text.slice(0, 60)}”)`));
  return { digits, words };
}

/**
 * What the page draws that its text does not say (issue 65): the browser's own file picker ("Choose File", in the
 * browser's language), radio buttons, checkboxes and links in running text smaller than a thumb's 24 px (WCAG 2.2
 * target size), a numbered list counted in Latin digits on a Bangla page, an empty "()".
 */
async function drawnProblems(page: Page, language: 'en' | 'bn'): Promise<string[]> {
  return page.evaluate((bangla) => {
    const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const problems: string[] = [];
    for (const input of Array.from(document.querySelectorAll('input[type="file"]'))) {
      if (shown(input) && Number(getComputedStyle(input).opacity) > 0) problems.push(`the browser's own file picker (${input.getAttribute('name') ?? input.id})`);
    }
    for (const control of Array.from(document.querySelectorAll('input[type="radio"], input[type="checkbox"]'))) {
      const box = control.getBoundingClientRect();
      if (shown(control) && Number(getComputedStyle(control).opacity) > 0 && (box.width < 23.5 || box.height < 23.5)) problems.push(`a ${Math.round(box.width)}×${Math.round(box.height)} px ${control.getAttribute('type')} (${control.getAttribute('name') ?? ''})`);
    }
    for (const link of Array.from(document.querySelectorAll('p > a, li > a, dd > a, td > a, span > a'))) {
      const box = link.getBoundingClientRect();
      if (shown(link) && box.height > 0 && box.height < 23.5) problems.push(`a ${Math.round(box.height)} px tall link “${(link.textContent ?? '').trim().slice(0, 30)}”`);
    }
    if (bangla) {
      // A phone number is dialled as it is, but read in the page's digits (people's text or not).
      for (const number of Array.from(document.querySelectorAll('a[href^="tel:"]'))) {
        if (shown(number) && /[0-9]/.test(number.textContent ?? '')) problems.push(`a phone number in Latin digits (${(number.textContent ?? '').trim()})`);
      }
      for (const list of Array.from(document.querySelectorAll('ol'))) {
        if (shown(list) && getComputedStyle(list).listStyleType === 'decimal') problems.push(`a list numbered 1. 2. 3. (“${(list.textContent ?? '').trim().slice(0, 30)}”)`);
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // "Name ()": an empty value in brackets (not code's "create()", which the blog's English articles mention).
      if (/(^|\s)\(\s*\)/.test(node.textContent ?? '') && node.parentElement && !node.parentElement.closest('code, pre, script, style') && shown(node.parentElement)) problems.push(`an empty “()” in “${(node.parentElement.textContent ?? '').trim().slice(0, 40)}”`);
    }
    return problems;
  }, language === 'bn');
}

/** Visible links in the browser's own blue or purple: links the design system does not style. */
async function browserColouredLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('a[href]'))
      .filter((link) => link.getClientRects().length > 0 && ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'].includes(getComputedStyle(link).color))
      .map((link) => (link.textContent ?? '').trim().slice(0, 40) || link.getAttribute('href')!),
  );
}

async function sweep(page: Page, visits: Visit[]) {
  const problems: string[] = [];
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  let signedInAs: Account | undefined;
  for (const { path, as, open } of visits) {
    if (as !== signedInAs) {
      await page.context().clearCookies();
      await page.goto('/');
      await page.evaluate(() => localStorage.clear());
      if (as) await signIn(page, as);
      signedInAs = as;
    }
    for (const language of ['en', 'bn'] as const) {
      const address = language === 'bn' ? `/bn${path === '/' ? '' : path}` : path;
      await test.step(`${address} as ${as?.role ?? 'a visitor'}`, async () => {
        await page.goto(address);
        const heading = page.getByRole('heading', { level: 1 }).first();
        await expect(heading, `${address} has a heading`).toBeVisible();
        if (open) await open(page, language);
        // Text keeps off the screen's edges: the page's heading sits inside the page's column, with its gutter.
        const box = await heading.boundingBox();
        if (box && box.width > 1 && (box.x < 8 || box.x + box.width > PHONE.width - 8)) problems.push(`${address}: the heading touches the screen's edge (${Math.round(box.x)}–${Math.round(box.x + box.width)} px)`);
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
        const blue = await browserColouredLinks(page);
        if (blue.length) problems.push(`${address}: links in the browser's blue ${JSON.stringify(blue.slice(0, 5))}`);
        const drawn = await drawnProblems(page, language);
        if (drawn.length) problems.push(`${address}: ${JSON.stringify(drawn.slice(0, 5))}`);
        if (language === 'en') {
          const bangla = await banglaOnEnglishPage(page);
          if (bangla.length) problems.push(`${address}: Bangla on an English page ${JSON.stringify(bangla.slice(0, 5))}`);
        }
        if (language === 'bn') {
          const { digits, words } = await foreignOnBanglaPage(page);
          if (digits.length) problems.push(`${address}: Latin digits in ${JSON.stringify(digits.slice(0, 5))}`);
          if (words.length) problems.push(`${address}: English words ${JSON.stringify(words.slice(0, 5))}`);
          const texts = await ownTexts(page, 'bn');
          const spellings = NOT_OUR_BANGLA.filter((word) => texts.some((text) => text.includes(word)));
          if (spellings.length) problems.push(`${address}: ${JSON.stringify(spellings)} where PhoneHaat writes পুরোনো and নাকচ`);
        }
      });
    }
  }
  expect(consoleErrors, 'console errors').toEqual([]);
  expect(problems).toEqual([]);
}

/**
 * A phone booked by courier with cash on delivery (issue 65): a parcel the seller has yet to send, or one delivered and
 * paid at the door (My Orders then names the courier's parcel the cash was paid for).
 */
async function cashParcel(seller: Account, buyer: Account, { delivered }: { delivered: boolean }) {
  const phone = await listPhone(seller, { resalePrice: 20_000, originalPrice: 30_000 });
  const address = { name: buyer.name, phone: '01712345678', division: 'sylhet', district: 'sylhet', area: 'Zindabazar', street: 'House 12, Road 3' };
  const booked = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01712345678', courier: { address, payment: 'cash' } });
  expect(booked.status).toBe(201);
  if (!delivered) return phone;
  const sent = await apiAs<{ parcel: { consignmentId: string } }>(seller, 'POST', `/bookings/${booked.body.insertedId}/parcel`);
  expect(sent.status).toBe(201);
  for (const move of ['pickup', 'transit', 'out-for-delivery', 'deliver']) {
    expect((await fetch(`${pathaoUrl}/__fake/parcels/${sent.body.parcel.consignmentId}/${move}`, { method: 'POST' })).status).toBe(200);
  }
  await expect.poll(async () => (await apiAs<{ paid: boolean }>(buyer, 'GET', `/bookings/${booked.body.insertedId}`)).body.paid).toBe(true);
  return phone;
}

test.describe('every page at 360 px in both languages', () => {
  test.use({ viewport: PHONE });
  test.describe.configure({ timeout: 300_000 });

  test('a visitor', async ({ page }) => {
    const seller = await createAccount('Seller');
    // A phone's page is public (issue 48): a visitor opens a shared link.
    const phone = await listPhone(seller, { openToOffers: true });
    await sweep(page, ['/', '/blog', `/product/${phone.id}`, '/login', '/signup', '/forgot-password', '/reset-password?oobCode=not-a-code', '/unsubscribe'].map((path) => ({ path })));
  });

  test('a buyer', async ({ page }) => {
    const seller = await createAccount('Seller');
    // Open to offers (its page has Make an offer), and the buyer's offer with a note in English on another (issue 47).
    const phone = await listPhone(seller, { openToOffers: true });
    const buyer = await createAccount('Buyer');
    const offer = await apiAs<{ _id: string }>(buyer, 'POST', '/offers', { productId: (await listPhone(seller, { openToOffers: true })).id, amount: 11_000, note: 'Cash today in Mirpur' });
    expect(offer.status).toBe(201);
    // Countered: the offer has a history, numbered (in Bangla digits on a Bangla page).
    expect((await apiAs(seller, 'POST', `/offers/${offer.body._id}/answer`, { action: 'counter', amount: 12_000 })).status).toBe(200);
    // A phone delivered by courier and paid in cash at the door: My Orders names the parcel the cash was paid for.
    await keepPickupAddress(seller);
    await cashParcel(seller, buyer, { delivered: true });
    const booked = await apiAs<{ insertedId: string }>(buyer, 'POST', '/bookeditems', { id: phone.id, phone: '01811-000111', meetingLocation: 'Mirpur 10, Dhaka' });
    // A conversation with English in it (people's text), and the seller's profile.
    const thread = await apiAs<{ _id: string }>(buyer, 'POST', '/threads', { productId: phone.id });
    await apiAs(buyer, 'POST', `/threads/${thread.body._id}/messages`, { clientId: randomUUID(), body: 'Is the battery still good? I can meet at 5 pm.' });
    const { sellerId } = (await apiAs<{ sellerId: string }>(buyer, 'GET', `/product/${phone.id}`)).body;
    await sweep(
      page,
      [
        '/search?q=phone',
        `/products/${phone.brandId}`,
        `/product/${phone.id}`,
        '/dashboard',
        '/dashboard/myorders',
        '/dashboard/offers',
        `/dashboard/payment/${booked.body.insertedId}`,
        `/sellers/${sellerId}`,
        '/price-guide',
        '/inbox',
        `/inbox/${thread.body._id}`,
        '/notifications',
        '/notifications/settings',
        '/notifications/searches',
      ].map((path) => ({ path, as: buyer })),
    );
  });

  test('a seller', async ({ page }) => {
    const seller = await createAccount('Seller');
    const phone = await listPhone(seller, { openToOffers: true });
    // An offer received, waiting for the seller's answer (issue 47).
    expect((await apiAs(await createAccount('Buyer'), 'POST', '/offers', { productId: phone.id, amount: 11_000, note: 'Can you do 11k?' })).status).toBe(201);
    // A cash parcel waiting to be sent: its bookings dialog says what the rider collects, in words for the seller.
    await keepPickupAddress(seller);
    const parcel = await cashParcel(seller, await createAccount('Buyer'), { delivered: false });
    const bookingsOf = async (page: Page) => {
      await page.getByRole('button', { name: new RegExp(`^(Bookings \\(\\d+\\) of ${parcel.name}|${parcel.name} এর বুকিং)`) }).click();
      await expect(page.getByRole('dialog').getByTestId('listing-booking')).toBeVisible();
    };
    await sweep(page, [
      ...['/dashboard', '/dashboard/addproduct', '/dashboard/earnings', '/dashboard/offers', '/inbox', '/notifications'].map((path) => ({ path, as: seller })),
      { path: '/dashboard/myproduct', as: seller, open: bookingsOf },
    ]);
  });

  test('an admin', async ({ page }) => {
    const admin = { ...demo.admin, role: 'admin' } as unknown as Account;
    // What people typed in English reaches each admin page (a report's note, a block's reason in the activity log),
    // whatever else the suite has left there: their pages must mark it as people's text.
    const seller = await createAccount('Seller', 'Mitu Seller');
    const phone = await listPhone(seller);
    const buyer = await createAccount('Buyer', 'Rafiq Buyer');
    expect((await apiAs(buyer, 'POST', '/reports', { productId: phone.id, reason: 'scam', note: 'The seller asked for money first' })).status).toBe(201);
    expect((await apiAs(admin, 'POST', '/admin/blocked-imeis', { imei: newImei(), reason: 'Reported stolen in Mirpur 10' })).status).toBe(201);
    await sweep(
      page,
      ['/dashboard', '/dashboard/allsellers', '/dashboard/allbuyers', '/dashboard/reports', '/dashboard/disputes', '/dashboard/money', '/dashboard/activity', '/dashboard/blocked-phones', '/dashboard/releases'].map((path) => ({
        path,
        as: admin,
      })),
    );
  });
});

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, expect, expectAccessible, expectNoSidewaysScroll, expectSentToLogin, holdAppCode, listPhone, signIn, test } from '../fixtures';

/**
 * Four phones of a model nobody else lists, so the results are these and only these. Motorola and Oppo, so
 * the other journeys' brand pages (Samsung, Nokia) keep their first page as it was.
 */
async function listModel() {
  const model = `Zorvex${randomUUID().slice(0, 6)}`;
  const seller = await createAccount('Seller');
  const phone = (suffix: string, brandName: string, condition: string, resalePrice: number) =>
    listPhone(seller, { name: `${model} ${suffix}`, brandName, condition, resalePrice, originalPrice: 60000 });
  return {
    model,
    a: await phone('Alpha 128GB', 'Motorola', 'Good', 30000),
    b: await phone('Beta 256GB', 'Motorola', 'Excellent', 25000),
    c: await phone('Gamma 64GB', 'Oppo', 'Good', 20000),
    d: await phone('Delta 64GB', 'Motorola', 'Fair', 15000),
  };
}

/**
 * What the page shows in its listings, frame by frame, from the moment `go` moves through the history (Back or Forward)
 * until the page has settled: each frame's listing headings, in order, as a person would read them.
 */
async function framesAfter(page: Page, go: () => Promise<unknown>, expected: string[]): Promise<string[]> {
  await page.evaluate(() => {
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    addEventListener(
      'popstate',
      () => {
        const start = performance.now();
        const sample = () => {
          frames.push(Array.from(document.querySelectorAll('main article :is(h2, h3)'), (heading) => heading.textContent).join(' | '));
          if (performance.now() - start < 1000) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      },
      { once: true },
    );
  });
  await go();
  await expect(page.getByTestId('product-grid').getByRole('heading')).toHaveText(expected);
  await page.waitForTimeout(1100);
  return [...new Set(await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_))];
}

const navbarSearch = (page: Page) => page.getByRole('search', { name: 'Search phones' }).getByRole('combobox');
const results = (page: Page) => page.getByTestId('product-grid').getByRole('article');
const resultNames = (page: Page) => page.getByTestId('product-grid').getByRole('heading').allTextContents();

test.describe('finding a phone', () => {
  test('a buyer searches from the navbar, narrows by brand and condition, sorts by price, opens a phone and books it; Back restores the list', async ({ page }) => {
    const { model, a, b } = await listModel();
    const buyer = await createAccount('Buyer', 'Shirin Akter');
    await signIn(page, buyer);
    await expect(page.getByRole('main')).toBeFocused();

    await navbarSearch(page).fill(model.toLowerCase());
    await navbarSearch(page).press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === model.toLowerCase());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Phones matching “${model.toLowerCase()}”`);
    await expect(results(page)).toHaveCount(4);
    await expect(page.getByText('4 phones for sale')).toBeVisible();
    await expectAccessible(page);

    const filters = page.getByRole('complementary', { name: 'Narrow the results' });
    await filters.getByRole('checkbox', { name: 'Motorola (3)' }).check();
    await expect(results(page)).toHaveCount(3);
    // The condition counts follow the brand filter.
    await filters.getByRole('checkbox', { name: 'Good (1)' }).check();
    await filters.getByRole('checkbox', { name: 'Excellent (1)' }).check();
    await expect(results(page)).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    // The list may already be in that order by relevance: wait for the sorted address, not only the order.
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price_asc');
    await expect.poll(() => resultNames(page)).toEqual([b.name, a.name]);
    await expect(page.getByRole('button', { name: 'Remove filter: Motorola' })).toBeVisible();
    const filtered = new URL(page.url());
    expect(filtered.searchParams.getAll('condition')).toEqual(['Good', 'Excellent']);
    expect(filtered.searchParams.get('sort')).toBe('price_asc');

    // The whole card opens the phone's page.
    await results(page).filter({ hasText: a.name }).click({ position: { x: 40, y: 40 } });
    await expect(page).toHaveURL(new RegExp(`/product/${a.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.name);
    await expect(page.getByText('You save Tk 30,000 (50% off the new price)')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seller' })).toContainText(/On PhoneHaat since/);
    await expect(page.getByRole('region', { name: 'Similar phones' }).getByRole('article').first()).toBeVisible();
    await expectAccessible(page);

    // Back: the same filtered, sorted list, with its boxes ticked.
    await page.goBack();
    await expect(page).toHaveURL(filtered.toString());
    await expect.poll(() => resultNames(page)).toEqual([b.name, a.name]);
    await expect(filters.getByRole('checkbox', { name: /^Motorola/ })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');

    await page.goForward();
    await page.getByRole('button', { name: 'Book Now', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${a.name}` });
    await expect(dialog.getByLabel('Your name')).toHaveValue('Shirin Akter');
    await dialog.getByLabel('Phone number').fill('01811-000111');
    await dialog.getByLabel('Meeting location').fill('Mirpur 10, Dhaka');
    await dialog.getByRole('button', { name: 'Submit booking' }).click();
    await expect(page.getByText('Successfully Booked')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByTestId('order').filter({ hasText: a.name })).toBeVisible();
  });

  test('suggestions appear while typing, forgive a typo, and the keyboard picks one', async ({ page }) => {
    await signIn(page, await createAccount('Buyer'));
    // Signed in, the home page shows and takes the focus; then the person starts typing.
    await expect(page.getByRole('main')).toBeFocused();
    const box = navbarSearch(page);
    await box.fill('samsng');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox.getByRole('option', { name: /Samsung/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.fill('galaxy s2');
    await expect(listbox.getByRole('option').first()).toContainText('Galaxy S2');
    await box.press('ArrowDown');
    const first = (await listbox.getByRole('option').first().textContent())!;
    await box.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === first);
    await expect(results(page).first()).toBeVisible();

    // A misspelt search still finds what was meant, and says how it read it.
    await box.fill('samsng galaxy');
    await box.press('Enter');
    await expect(page.getByText('Showing matches for')).toContainText('“samsung galaxy”');
    await expect(results(page).first()).toContainText('Galaxy');
  });

  test('an empty result offers to drop the filter that emptied it', async ({ page }) => {
    const { model } = await listModel();
    await signIn(page, await createAccount('Buyer'));
    await page.goto(`/search?q=${model}&condition=Fair&maxPrice=10000`);
    await expect(page.getByRole('heading', { name: `No phones match “${model}”` })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Remove “Up to Tk 10,000” (1 phone)' }).click();
    await expect(results(page)).toHaveCount(1);
    await expect(page).toHaveURL((url) => !url.searchParams.has('maxPrice') && url.searchParams.get('condition') === 'Fair');
  });

  test('a visitor who searches is sent to login and comes back to the same search', async ({ page }) => {
    const buyer = await createAccount('Buyer');
    await page.goto('/');
    await navbarSearch(page).fill('iphone 13');
    await navbarSearch(page).press('Enter');
    await expectSentToLogin(page, '/search?q=iphone+13');
    await signIn(page, buyer);
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'iphone 13');
    await expect(results(page).first()).toContainText('iPhone 13');
  });

  test("a returning buyer's search and a phone's page arrive as HTML composed for them, which the app takes over", async ({ page, browser }) => {
    const { model, a, c } = await listModel();
    const buyer = await createAccount('Buyer');
    await signIn(page, buyer);
    // The shell's server composes the results with the buyer's session and the address's filters (decision 018).
    const search = `/search?q=${model}&condition=Good&sort=price_asc`;
    const html = await (await page.request.get(search)).text();
    expect(html).toContain(`data-for="${buyer.email}"`);
    expect(html).toContain(c.name);
    expect(html.indexOf(c.name)).toBeLessThan(html.indexOf(a.name)); // sorted by price, as asked
    expect(html).not.toContain(`${model} Beta`); // Excellent: filtered out
    const phoneHtml = (await (await page.request.get(`/product/${a.id}`)).text()).replaceAll('<!-- -->', ''); // React's text separators
    expect(phoneHtml).toContain(`data-for="${buyer.email}"`);
    expect(phoneHtml).toContain('You save Tk 30,000');
    // A visitor gets no one's results.
    const visitor = await browser.newContext();
    expect(await (await visitor.request.get(search)).text()).not.toContain(c.name);
    await visitor.close();

    // In the browser the results show before the app's code runs, and a filter ticked meanwhile is applied once the
    // app has taken the page over.
    const release = await holdAppCode(page);
    await page.goto(search);
    await expect(page.locator(`#root[data-for="${buyer.email}"]`)).toBeAttached();
    await expect.poll(() => resultNames(page)).toEqual([c.name, a.name]);
    const filters = page.getByRole('complementary', { name: 'Narrow the results' });
    await filters.getByRole('checkbox', { name: 'Oppo (1)' }).check();
    release();
    await expect(page.locator('#root[data-started="hydrated"]')).toBeAttached();
    await expect.poll(() => resultNames(page)).toEqual([c.name]);
    await expect(filters.getByRole('checkbox', { name: 'Oppo (1)' })).toBeChecked();
    await expect(filters.getByRole('checkbox', { name: 'Good (1)' })).toBeChecked();
    expect(new URL(page.url()).searchParams.get('brand')).toBe(c.brandId);
    await results(page).filter({ hasText: c.name }).click({ position: { x: 40, y: 40 } });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.name);
  });

  test("Back and Forward show their own address's results from the first frame: never the page being left, nor another search's", async ({ page }) => {
    const model = `Backtrack${randomUUID().slice(0, 6)}`;
    const seller = await createAccount('Seller');
    const phone = (suffix: string, condition: string, resalePrice: number) =>
      listPhone(seller, { name: `${model} ${suffix}`, brandName: 'Motorola', condition, resalePrice, originalPrice: 60000 });
    // The Fair one five taka under the cheap one, at a price of this try's own: the nearest of its brand, so among the
    // cheap one's similar phones whatever else (another try's, another journey's) is listed.
    const cheapPrice = 20_000 + 10 * Math.floor(Math.random() * 900);
    const fair = await phone('Fair one', 'Fair', cheapPrice - 5);
    const cheap = await phone('Excellent cheap', 'Excellent', cheapPrice);
    const dear = await phone('Excellent dear', 'Excellent', 30000);
    await signIn(page, await createAccount('Buyer'));
    // The first page composed on the server and hydrated; then a filter, an order, and a phone (whose similar phones
    // include the Fair one: shown after Back, they looked like the results).
    await page.goto(`/search?q=${model}`);
    await expect(results(page)).toHaveCount(3);
    const unfiltered = await resultNames(page);
    await page.getByRole('complementary', { name: 'Narrow the results' }).getByRole('checkbox', { name: 'Excellent (2)' }).check();
    await expect(results(page)).toHaveCount(2);
    const excellent = await resultNames(page);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
    await expect(page.getByTestId('product-grid').getByRole('heading')).toHaveText([dear.name, cheap.name]);
    await results(page).filter({ hasText: cheap.name }).click({ position: { x: 40, y: 40 } });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cheap.name);
    await expect(page.getByTestId('similar-grid')).toContainText(fair.name);

    const filtered = `${dear.name} | ${cheap.name}`;
    expect(await framesAfter(page, () => page.goBack(), [dear.name, cheap.name])).toEqual([filtered]);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cheap.name);
    expect(await framesAfter(page, () => page.goBack(), [dear.name, cheap.name])).toEqual([filtered]);
    // Back twice more, to the page the server composed: its own results at once too.
    expect(await framesAfter(page, () => page.goBack(), excellent)).toEqual([excellent.join(' | ')]);
    expect(await framesAfter(page, () => page.goBack(), unfiltered)).toEqual([unfiltered.join(' | ')]);
  });

  test('an unknown phone shows "not found", not the offline page', async ({ page }) => {
    await signIn(page, await createAccount('Buyer'));
    await page.goto(`/product/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: "We couldn't find this phone" })).toBeVisible();
    await expect(page).toHaveTitle('Phone not found · PhoneHaat');
  });

  test('on a 360×740 phone, lists are compact rows: three or more to a screen, the first in the first screen under the controls', async ({ page }) => {
    const { model, a } = await listModel();
    await page.setViewportSize({ width: 360, height: 740 });
    const buyer = await createAccount('Buyer');
    await signIn(page, buyer);
    const brand = (await apiAs<{ _id: string; name: string }[]>(buyer, 'GET', '/categories')).body;
    // The home page's advertised phones (under its banner and brands) are rows too.
    for (const [path, list, firstScreen] of [
      [`/search?q=${model}`, 'product-grid', true],
      [`/products/${brand.find((each) => each.name === 'Motorola')!._id}`, 'product-grid', true],
      ['/', 'advertised-grid', false],
    ] as const) {
      await page.goto(path);
      const rows = page.getByTestId(list).locator('article');
      await expect(rows.nth(2)).toBeVisible();
      await expectNoSidewaysScroll(page);
      const boxes = await rows.evaluateAll((articles) => articles.slice(0, 3).map((article) => article.getBoundingClientRect().toJSON() as DOMRect));
      // The first row is in the first screen, whole; three rows together are no taller than a screen.
      if (firstScreen) expect(boxes[0]!.bottom, `${path}: the first row's bottom`).toBeLessThanOrEqual(740);
      expect(boxes[2]!.bottom - boxes[0]!.top, `${path}: three rows' height`).toBeLessThanOrEqual(740);
      // Each row still says what a buyer chooses by: the photo, the price, the name, the condition and the place; and
      // where it has one, Book Now.
      const first = rows.first();
      await expect(first.locator('img, [role="img"]').first()).toBeVisible();
      await expect(first.getByRole('heading')).toBeVisible();
      await expect(first.getByText(/^Tk /).first()).toBeVisible();
      await expect(first.locator('dd').first()).toBeVisible();
      if (list === 'product-grid') await expect(first.getByRole('button', { name: /^Book Now: / })).toBeVisible();
    }
    // The row opens the phone's page.
    await page.goto(`/search?q=${model}`);
    await page.getByTestId('product-grid').getByRole('link', { name: a.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: a.name })).toBeVisible();
  });

  test('on a 360 px phone the filters fold into a sheet opened by "Filters (n)"', async ({ page }) => {
    const { model } = await listModel();
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, await createAccount('Buyer'));
    await page.goto(`/search?q=${model}&condition=Good`);
    await expect(results(page)).toHaveCount(2);
    await expect(page.getByRole('complementary', { name: 'Narrow the results' })).toBeHidden();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('checkbox', { name: 'Oppo (1)' }).check();
    await expect(sheet.getByRole('button', { name: 'Show 1 phone' })).toBeVisible();
    await expectAccessible(page);
    await sheet.getByRole('button', { name: 'Show 1 phone' }).click();
    await expect(sheet).toBeHidden();
    await expect(results(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The phone's own page fits the phone too.
    await results(page).first().click({ position: { x: 40, y: 40 } });
    await expect(page.getByRole('button', { name: 'Book Now', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
